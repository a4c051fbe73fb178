/**
 * Address autocomplete (docs/checkout.md#address-lookup): only with a key on the server, a supported country and the
 * autocomplete mode; a search starts at 4 characters, 300 ms after the last keystroke.
 */
export const ADDRESS_SEARCH_MIN = 4;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;
/** The supported countries (the form's ISO 3166 alpha-2 codes → the service's alpha-3). */
export const ADDRESS_LOOKUP_COUNTRIES: Readonly<Record<string, string>> = { us: 'USA', gb: 'GBR', ca: 'CAN', au: 'AUS', nz: 'NZL' };
export const ADDRESS_MODES = ['autocomplete', 'manual'] as const;
export type AddressMode = (typeof ADDRESS_MODES)[number];

export const isLookupCountry = (country: string) => Object.prototype.hasOwnProperty.call(ADDRESS_LOOKUP_COUNTRIES, country.toLowerCase());

/** Whether the address field searches as the buyer types (docs/checkout.md#address-lookup). */
export function addressLookupEnabled(options: { hasKey: boolean; mode: string | null; country: string }): boolean {
  return options.hasKey && options.mode === 'autocomplete' && isLookupCountry(options.country);
}
