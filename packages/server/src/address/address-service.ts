import { ADDRESS_LOOKUP_COUNTRIES, type TAddressSuggestion, type TFoundAddress } from '@foyer/contracts';
import { AppError } from '../http/app-error.js';
import type { AddressLookupSettings } from './address-settings.js';

/**
 * The adapter of a Loqate-style address service (docs/checkout.md#address-lookup External): Find by text or by a
 * Container's id, Retrieve by an Address's id. The key is added here and never leaves the server;
 * whatever goes wrong over there becomes one refusal the browser answers by manual entry.
 */

const TIMEOUT_MS = 5000;
const FIND_LIMIT = 10;

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const unavailable = () => new AppError(502, 'provider_unavailable', 'The address lookup is not available. Please enter your address.', 'address_lookup');

async function call(settings: AddressLookupSettings, path: string, params: Record<string, string>): Promise<Item[]> {
  const url = new URL(`${settings.url}/${path}`);
  url.searchParams.set('Key', settings.key);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!res.ok) throw unavailable();
    body = await res.json();
  } catch {
    throw unavailable();
  }
  const items = (body as { Items?: unknown } | null)?.Items;
  if (!Array.isArray(items)) throw unavailable();
  // The service answers its own errors (a bad key, no credit) as one item with an Error field.
  if (items.some((i) => i && typeof i === 'object' && 'Error' in i)) throw unavailable();
  return items.filter((i): i is Item => !!i && typeof i === 'object');
}

export async function findAddresses(settings: AddressLookupSettings, input: { text: string; container: string | null; country: string }): Promise<TAddressSuggestion[]> {
  const items = await call(settings, 'Find/v1.10/json3.ws', {
    Text: input.text,
    Container: input.container ?? '',
    Countries: ADDRESS_LOOKUP_COUNTRIES[input.country],
    Limit: String(FIND_LIMIT),
  });
  return items.map((i) => ({ id: str(i.Id), type: str(i.Type), text: str(i.Text), description: str(i.Description) })).filter((s) => s.id);
}

export async function retrieveAddress(settings: AddressLookupSettings, id: string): Promise<TFoundAddress | null> {
  const item = (await call(settings, 'Retrieve/v1.2/json3.ws', { Id: id })).at(0);
  if (!item) return null;
  return {
    id: str(item.Id) || id,
    address: str(item.Line1),
    address_more: str(item.Line2),
    city: str(item.City),
    state: str(item.ProvinceCode) || str(item.Province),
    zip_code: str(item.PostalCode),
    country: str(item.CountryIso2).toLowerCase(),
  };
}
