/** ADDRESS_LOOKUP_KEY (+ ADDRESS_LOOKUP_URL): the address service's key, kept on the server (docs/checkout.md#address-lookup External). */
export interface AddressLookupSettings {
  key: string;
  /** The service's base URL; Find and Retrieve are below it. */
  url: string;
}

export const DEFAULT_ADDRESS_LOOKUP_URL = 'https://api.addressy.com/Capture/Interactive';

export function readAddressLookup(env: NodeJS.ProcessEnv, problems: string[]): AddressLookupSettings | null {
  const key = env.ADDRESS_LOOKUP_KEY?.trim() || '';
  const url = (env.ADDRESS_LOOKUP_URL?.trim() || DEFAULT_ADDRESS_LOOKUP_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(url)) problems.push(`ADDRESS_LOOKUP_URL must be an http(s) URL, got "${url}"`);
  return key ? { key, url } : null;
}
