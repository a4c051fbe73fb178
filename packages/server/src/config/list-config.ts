import type { TConfigEntry } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { SellerTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import { applyFilters, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { configOfResources } from '../events/public.js';
import { configOut, sellerOut } from '../events/serialize.js';

export const CONFIG_QUERY: QuerySpec = {
  filters: { resource_id: 'string', namespace: 'string', name: 'string' },
  embeds: ['seller'],
  defaultLimit: 1000,
};

/** Entries the server adds from its own settings (not stored): e.g. the payment gateway in use. */
export type SettingsEntries = (sellerId: string) => TConfigEntry[];

/** GET config: the seller's entries by default, or those of the resources named by resource_id. */
export async function listConfig(db: Tx, input: { seller: Selectable<SellerTable>; query: ParsedQuery; settingsEntries?: SettingsEntries }) {
  const idFilter = input.query.filters.find((f) => f.field === 'resource_id');
  const resourceIds = idFilter ? (Array.isArray(idFilter.value) ? idFilter.value : [idFilter.value]).map(String) : [input.seller.id];
  const stored = (await configOfResources(db, input.seller.id, resourceIds)).map(configOut);
  const fromSettings = resourceIds.includes(input.seller.id) ? (input.settingsEntries?.(input.seller.id) ?? []) : [];
  const rows = applyFilters([...stored, ...fromSettings], input.query.filters.filter((f) => f !== idFilter));
  const page = rows.slice(input.query.offset, input.query.offset + input.query.limit);
  return document('config', page, rows.length, input.query.embed.has('seller') ? { seller: [sellerOut(input.seller)] } : {});
}
