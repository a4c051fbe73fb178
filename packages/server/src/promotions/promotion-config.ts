import { CONFIG, ZCitypassCodeGroups, ZDefaultPromoCodes } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PromoCodeTable } from '../db/schema.js';
import { sellerConfigValue } from '../config/public.js';
import type { CitypassRules } from './citypass.js';
import { normaliseCode } from './normalise-code.js';
import { codeByText, codeGroupsByKeys } from './promotions.repository.js';

/**
 * The seller's promotion configuration entries (docs/promotions.md). `catalog validate`
 * checks them; a value that does not parse here is read as unset (never a 500 on a cart).
 */

/** web.default_promo_codes: the first configured code (docs/promotions.md#the-storefront), when it is one of the seller's active codes. */
export async function defaultCode(tx: Tx, sellerId: string): Promise<Selectable<PromoCodeTable> | null> {
  const parsed = ZDefaultPromoCodes.safeParse(await sellerConfigValue(tx, sellerId, CONFIG.defaultPromoCodes.namespace, CONFIG.defaultPromoCodes.name));
  const first = parsed.success ? parsed.data[0] : undefined;
  return first ? ((await codeByText(tx, sellerId, normaliseCode(first))) ?? null) : null;
}

/** web.citypass_code_groups: the city-pass groups' rules by code group id, in configured order (unknown group keys left out). */
export async function citypassGroups(tx: Tx, sellerId: string): Promise<Map<string, CitypassRules>> {
  const parsed = ZCitypassCodeGroups.safeParse(await sellerConfigValue(tx, sellerId, CONFIG.citypassCodeGroups.namespace, CONFIG.citypassCodeGroups.name));
  if (!parsed.success || !parsed.data.length) return new Map();
  const rows = await codeGroupsByKeys(tx, sellerId, parsed.data.map((g) => g.code_group));
  const ids = new Map(rows.map((r) => [r.catalog_key, r.id]));
  return new Map(parsed.data.flatMap((g) => {
    const id = ids.get(g.code_group);
    return id === undefined ? [] : [[id, { adult_regexp: g.adult_regexp, child_regexp: g.child_regexp, child_keyword: g.child_keyword }] as const];
  }));
}
