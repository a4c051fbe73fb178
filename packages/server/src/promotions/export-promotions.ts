import { fromMinor, type TCatalogInput } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { readPromotionRows } from './promotions-catalog.repository.js';
import { addDays, formatInZone } from '../time/venue-time.js';
import { mustExist } from '../must-exist.js';

type Out = NonNullable<TCatalogInput['promotions']>;

/** `catalog export` of `promotions`: active codes and modifiers back as catalog entries, days in the seller's timezone. */
export async function exportPromotions(db: Db, sellerId: string, tz: string, keys: { types: Map<string, string>; events: Map<string, string> }): Promise<Out> {
  const { codeGroups, requirements, activeCodes, mods, groupRows } = await readPromotionRows(db, sellerId, [...keys.events.keys()]);
  // Resident groups' and city-pass vouchers' hidden codes come back with their group, not as codes.
  const codes = activeCodes.filter((c) => !c.code.startsWith('RESIDENT:') && !c.code.startsWith('CITYPASS:'));
  const groupRef = (id: string) => {
    const g = mustExist(groupRows.find((r) => r.id === id), `ticket group ${id}`);
    return `${keys.events.get(g.event_template_id)}/${g.catalog_key}`;
  };
  const groupKey = new Map(codeGroups.map((g) => [g.id, g.catalog_key]));
  const keyOf = (map: ReadonlyMap<string, string>, id: string) => mustExist(map.get(id), `catalog key of ${id}`);
  const from = (iso: string | null) => (iso ? formatInZone(iso, tz, 'YYYY-MM-DD') : undefined);
  const to = (iso: string | null) => (iso ? addDays(formatInZone(iso, tz, 'YYYY-MM-DD'), -1) : undefined);
  const opt = <T>(v: T | null) => (v === null ? undefined : v);

  return {
    code_groups: codeGroups.map((g) => ({ key: g.catalog_key, name: g.name, description: opt(g.description), resident: g.resident ? (JSON.parse(g.resident) as NonNullable<Out['code_groups']>[number]['resident']) : undefined, required_for: requirements.filter((r) => r.code_group_id === g.id).map((r) => groupRef(r.ticket_group_id)).sort() })),
    codes: codes.map((c) => ({
      code: c.code, group: keyOf(groupKey, c.code_group_id), max_uses: c.max_uses, max_per_order: opt(c.max_per_order), max_per_identity: opt(c.max_per_identity),
      valid_from: from(c.valid_from), valid_to: to(c.valid_to),
    })),
    cart_mods: mods.map((m) => {
      const ids = JSON.parse(m.resource_ids) as string[];
      const requires = m.requires ? (JSON.parse(m.requires) as { ticket_type_ids: string[]; min: number }) : null;
      return {
        key: m.catalog_key, name: m.name, description: opt(m.description), kind: m.kind as 'percent_off',
        value: m.kind === 'percent_off' ? String(m.value / 100) : fromMinor(m.value), scope: m.scope as 'cart',
        ticket_types: m.scope === 'ticket_type' ? ids.map((id) => keyOf(keys.types, id)) : [],
        ticket_groups: m.scope === 'ticket_group' ? ids.map(groupRef) : [],
        events: m.scope === 'event' ? ids.map((id) => keyOf(keys.events, id)) : [],
        min_tickets: opt(m.min_tickets), max_tickets: opt(m.max_tickets),
        requires: requires ? { ticket_types: requires.ticket_type_ids.map((id) => keyOf(keys.types, id)), min: requires.min } : undefined,
        valid_from: from(m.valid_from), valid_to: to(m.valid_to), session_from: from(m.session_from), session_to: to(m.session_to),
        stackable: m.stackable === 1, blocking_checkout: m.blocking_checkout === 1, code_groups: (JSON.parse(m.code_group_ids) as string[]).map((id) => keyOf(groupKey, id)),
      };
    }),
  };
}
