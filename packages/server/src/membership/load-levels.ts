import type { Selectable } from 'kysely';
import type { TLevelRole } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import type { MembershipLevelTable } from '../db/schema.js';
import { defaultLevel, type Level } from './levels.js';
import { levelsByTypeIds } from './membership.repository.js';

export function levelFromRow(row: Selectable<MembershipLevelTable>): Level {
  return {
    ticketTypeId: row.ticket_type_id,
    termMonths: row.term_months,
    allowedPeriodDays: row.allowed_period_days,
    roles: JSON.parse(row.roles) as TLevelRole[],
    memberEventPurchaseLimit: row.member_event_purchase_limit,
  };
}

/** The level of each ticket type; types without a catalog level get the default. */
export async function loadLevels(tx: Tx, typeIds: string[]): Promise<Map<string, Level>> {
  const unique = [...new Set(typeIds)];
  const rows = new Map((await levelsByTypeIds(tx, unique)).map((r) => [r.ticket_type_id, levelFromRow(r)]));
  return new Map(unique.map((id) => [id, rows.get(id) ?? defaultLevel(id)]));
}
