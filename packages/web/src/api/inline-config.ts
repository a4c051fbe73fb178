import type { QueryClient } from '@tanstack/react-query';
import { parseConfigDocument } from '../config/config.js';
import { api } from './client.js';
import { configQuery } from './queries.js';
import { isDocument, readDataBlock } from './data-block.js';
import { INLINE_CONFIG_ID } from '@foyer/contracts/constants';

/**
 * Takes the configuration the server put in the page (GET config?_embed=seller as it would
 * answer), so the first render does not wait for that call. Without it (the Vite dev server's
 * page), or when it cannot be read, the configuration is fetched as before.
 */
export function seedInlineConfig(client: QueryClient, doc: Document = document): boolean {
  return seedConfig(client, readDataBlock(doc, INLINE_CONFIG_ID));
}

/** The same from the configuration document itself (the server's render holds it). */
export function seedConfig(client: QueryClient, value: unknown): boolean {
  if (!isDocument(value)) return false;
  try {
    const config = parseConfigDocument(value);
    if (config.seller) api.setSellerId(config.seller.id);
    client.setQueryData(configQuery().queryKey, config);
    return true;
  } catch {
    return false;
  }
}
