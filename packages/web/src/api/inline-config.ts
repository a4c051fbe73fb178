import type { QueryClient } from '@tanstack/react-query';
import type { TDocument } from '@foyer/contracts';
import { parseConfigDocument } from '../config/config.js';
import { api } from './client.js';
import { configQuery } from './queries.js';
import { INLINE_CONFIG_ID } from '@foyer/contracts/constants';

/**
 * Takes the configuration the server put in the page (GET config?_embed=seller as it would
 * answer), so the first render does not wait for that call. Without it (the Vite dev server's
 * page), or when it cannot be read, the configuration is fetched as before.
 */
export function seedInlineConfig(client: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return false;
  try {
    const config = parseConfigDocument(JSON.parse(text) as TDocument);
    if (config.seller) api.setSellerId(config.seller.id);
    client.setQueryData(configQuery().queryKey, config);
    return true;
  } catch {
    return false;
  }
}
