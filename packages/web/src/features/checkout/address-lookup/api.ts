import type { TAddressSuggestion, TAddressSuggestions, TFoundAddress, TFoundAddresses } from '@foyer/contracts';
import { api } from '../../../api/client.js';

/** The address lookup's calls (docs/checkout.md#address-lookup): the server asks the service with its own key. */
export async function findAddresses(input: { text: string; container?: string; country: string }, signal?: AbortSignal): Promise<TAddressSuggestion[]> {
  const query: Record<string, string> = { country: input.country };
  if (input.container) query.container = input.container;
  else query.text = input.text;
  const doc = await api.get<TAddressSuggestions>('address/find', { query, signal });
  return doc.address_suggestion._data;
}

export async function retrieveAddress(id: string): Promise<TFoundAddress | null> {
  const doc = await api.get<TFoundAddresses>('address/retrieve', { query: { id } });
  return doc.address._data.at(0) ?? null;
}
