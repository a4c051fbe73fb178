import { toMinor, type TCatalogPromotions } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { upsertByKey } from '../catalog/public.js';
import { resolveDate, startOfDay } from '../catalog/relative-date.js';
import { addDays } from '../time/venue-time.js';
import { activateCartMod, deactivateCartMods, deactivateCodes, setCodeGroupRequirements, ticketGroupKeysOfEvents, upsertCode } from './promotions-catalog.repository.js';
import { normaliseCode } from './normalise-code.js';
import { residentCodeOf } from './resident-zip.js';
import { mustExist } from '../must-exist.js';

export interface PromotionRefs {
  types: Map<string, string>;
  events: Map<string, string>;
  today: string;
  tz: string;
}

/** A catalog day as the first instant of it (from) or of the next day (to, exclusive), in the seller's timezone. */
export const dayStart = (ref: string | undefined, refs: PromotionRefs) => (ref === undefined ? null : startOfDay(ref, refs.today, refs.tz));
export const dayEnd = (ref: string | undefined, refs: PromotionRefs) =>
  ref === undefined ? null : startOfDay(addDays(resolveDate(ref, refs.today), 1), refs.today, refs.tz);

/**
 * Catalog import of `promotions` (idempotent): code groups and modifiers by key, codes by their
 * text (their use counters survive a re-import); codes and modifiers the catalog no longer lists
 * are switched off, not deleted, since carts and orders may name them.
 */
export async function importPromotions(tx: Tx, sellerId: string, promos: TCatalogPromotions, refs: PromotionRefs) {
  const groupRows = await ticketGroupKeysOfEvents(tx, [...refs.events.values()]);
  const ticketGroup = (ref: string) => {
    const [eventKey, groupKey] = ref.split('/');
    return mustExist(groupRows.find((g) => g.event_template_id === refs.events.get(eventKey) && g.catalog_key === groupKey), `ticket group ${ref}`).id;
  };
  // The catalog's references were checked before the import (catalog/validate-catalog.ts).
  const typeId = (key: string) => mustExist(refs.types.get(key), `ticket type ${key}`);
  const eventId = (key: string) => mustExist(refs.events.get(key), `event ${key}`);

  const codeGroupIds = new Map<string, string>();
  const codeGroupId = (key: string) => mustExist(codeGroupIds.get(key), `code group ${key}`);
  for (const g of promos.code_groups) {
    const id = await upsertByKey(tx, 'promo_code_group', { seller_id: sellerId, catalog_key: g.key }, {
      // City-pass rules are the configuration entry web.citypass_code_groups now (promotion-config.ts).
      seller_id: sellerId, catalog_key: g.key, name: g.name, description: g.description ?? null, resident: g.resident ? JSON.stringify(g.resident) : null, citypass: null,
    });
    codeGroupIds.set(g.key, id);
    await setCodeGroupRequirements(tx, id, [...new Set(g.required_for.map(ticketGroup))]);
  }

  // The default code is the configuration entry web.default_promo_codes now (promotion-config.ts).
  await deactivateCodes(tx, sellerId);
  // A resident group's zips attach its hidden code (resident-zip.ts): no limits.
  const codes = [...promos.codes, ...promos.code_groups.filter((g) => g.resident).map((g) => ({ code: residentCodeOf(g.key), group: g.key, max_uses: -1 }))];
  for (const c of codes as typeof promos.codes) {
    const code = normaliseCode(c.code);
    const values = {
      code_group_id: codeGroupId(c.group), max_uses: c.max_uses, max_per_order: c.max_per_order ?? null, max_per_identity: c.max_per_identity ?? null,
      valid_from: dayStart(c.valid_from, refs), valid_to: dayEnd(c.valid_to, refs), is_default: 0, active: 1,
    };
    await upsertCode(tx, sellerId, code, values);
  }

  await deactivateCartMods(tx, sellerId);
  for (const [rank, m] of promos.cart_mods.entries()) {
    const resourceIds =
      m.scope === 'ticket_type' ? m.ticket_types.map(typeId) : m.scope === 'ticket_group' ? m.ticket_groups.map(ticketGroup) : m.scope === 'event' ? m.events.map(eventId) : [];
    const id = await upsertByKey(tx, 'promo_cartmod', { seller_id: sellerId, catalog_key: m.key }, {
      seller_id: sellerId, catalog_key: m.key, rank, name: m.name, description: m.description ?? null, kind: m.kind,
      value: m.kind === 'percent_off' ? Math.round(Number(m.value) * 100) : toMinor(m.value),
      scope: m.scope, resource_ids: JSON.stringify(resourceIds), min_tickets: m.min_tickets ?? null, max_tickets: m.max_tickets ?? null,
      requires: m.requires ? JSON.stringify({ ticket_type_ids: m.requires.ticket_types.map(typeId), min: m.requires.min }) : null,
      valid_from: dayStart(m.valid_from, refs), valid_to: dayEnd(m.valid_to, refs), session_from: dayStart(m.session_from, refs), session_to: dayEnd(m.session_to, refs),
      stackable: m.stackable ? 1 : 0, blocking_checkout: m.blocking_checkout ? 1 : 0, code_group_ids: JSON.stringify(m.code_groups.map(codeGroupId)),
    });
    await activateCartMod(tx, id);
  }
}
