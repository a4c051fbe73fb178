import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import { applyFilters, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { membershipRulesOfSeller, typesByIds } from './events.repository.js';
import { membershipRuleOut, ticketTypeOut } from './serialize.js';

export const MEMBERSHIP_RULES_QUERY: QuerySpec = {
  filters: { membership_ticket_type_id: 'string', ticket_type_id: 'string', period: 'string' },
  embeds: ['ticket_type'],
  defaultLimit: 1000,
};

/** GET membership_rules (docs/memberships.md#2-buying): member allowances by membership level. */
export async function listMembershipRules(db: Tx, input: { sellerId: string; query: ParsedQuery }) {
  const rows = applyFilters((await membershipRulesOfSeller(db, input.sellerId)).map(membershipRuleOut), input.query.filters);
  const page = rows.slice(input.query.offset, input.query.offset + input.query.limit);
  const siblings: Record<string, unknown[]> = {};
  if (input.query.embed.has('ticket_type')) {
    const ids = new Set(page.flatMap((r) => [r.membership_ticket_type_id, r.ticket_type_id]).filter((id) => id !== '*'));
    siblings.ticket_type = (await typesByIds(db, [...ids])).map(ticketTypeOut);
  }
  return document('membership_rule', page, rows.length, siblings);
}
