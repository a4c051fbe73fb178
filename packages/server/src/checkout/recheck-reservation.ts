import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable, TicketTable } from '../db/schema.js';
import { groupsWithRules, reservableTypes } from '../cart/public.js';
import { checkAttendee } from '../cart/reserve-rules.js';
import { checkRequiredAnswers } from '../cart/survey.js';

/**
 * What a reservation needed, checked again at pay (docs/architecture.md "Rules and where they are
 * enforced"): between reserve and pay a later modify may replace a group's answers, and the
 * seller may make questions, names or e-mails required. Every group in the cart must have its
 * required answers, and every held ticket the attendee details its type, group and event ask for.
 * Same codes and texts as at reserve. Staff-injected carts are left as staff made them.
 */
export async function recheckReservation(tx: Tx, sellerId: string, cart: Selectable<CartTable>, held: readonly Selectable<TicketTable>[]): Promise<void> {
  if (cart.injected || !held.length) return;
  const { groups } = await groupsWithRules(tx, [...new Set(held.map((t) => t.ticket_group_id))].sort());
  checkRequiredAnswers(groups, [...held], JSON.parse(cart.additional_info) as Parameters<typeof checkRequiredAnswers>[2]);
  const { rules } = await reservableTypes(tx, sellerId, [...new Set(held.map((t) => t.ticket_type_id))].sort());
  for (const ticket of held) {
    const rule = rules.find((r) => r.ticket_group_id === ticket.ticket_group_id && r.ticket_type_id === ticket.ticket_type_id);
    if (rule) checkAttendee(rule, ticket.admit_name, ticket.admit_email);
  }
}
