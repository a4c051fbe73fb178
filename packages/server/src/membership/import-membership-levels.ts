import type { TCatalog, TCatalogInput, TLevelRole } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { upsertByKey } from '../catalog/public.js';
import { levelsOfSeller } from './membership.repository.js';
import { mustExist } from '../must-exist.js';

/** Catalog import: one membership_level row per level, keyed by its ticket type (idempotent). */
export async function importMembershipLevels(tx: Tx, sellerId: string, levels: TCatalog['membership_levels'], typeIds: Map<string, string>) {
  for (const l of levels) {
    const ticketTypeId = mustExist(typeIds.get(l.ticket_type), `ticket type ${l.ticket_type}`);
    await upsertByKey(tx, 'membership_level', { ticket_type_id: ticketTypeId }, {
      seller_id: sellerId,
      ticket_type_id: ticketTypeId,
      term_months: l.term_months,
      allowed_period_days: l.allowed_period_days,
      roles: JSON.stringify(l.roles),
      member_event_purchase_limit: l.member_event_purchase_limit ?? null,
    });
  }
}

/** Catalog export: the levels back as catalog entries. */
export async function exportMembershipLevels(tx: Tx, sellerId: string, typeKey: Map<string, string>): Promise<NonNullable<TCatalogInput['membership_levels']>> {
  const rows = await levelsOfSeller(tx, sellerId);
  return rows.map((r) => ({
    ticket_type: mustExist(typeKey.get(r.ticket_type_id), `key of ticket type ${r.ticket_type_id}`),
    term_months: r.term_months,
    allowed_period_days: r.allowed_period_days,
    roles: JSON.parse(r.roles) as TLevelRole[],
    ...(r.member_event_purchase_limit === null ? {} : { member_event_purchase_limit: r.member_event_purchase_limit }),
  }));
}
