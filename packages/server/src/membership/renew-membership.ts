import type { Tx } from '../db/database.js';
import { renewedEnd, type Level } from './levels.js';
import { extendSet, membershipById } from './membership.repository.js';

/**
 * A booked renewal (docs/memberships.md#5-renewal): every card of the set runs one more term from its current end (from
 * today once lapsed); the member ids stay. The window was checked when the renewal was reserved.
 */
export async function renewMembership(tx: Tx, input: { membershipId: string; level: Level; orderId: string; ticketId: string; now: Date; autoRenew?: boolean }) {
  const m = await membershipById(tx, input.membershipId);
  if (!m) return;
  await extendSet(tx, m.card_set_id, {
    valid_to: renewedEnd(m.valid_to, input.level.termMonths, input.now),
    ticket_order_id: input.orderId,
    ticket_id: input.ticketId,
    ticket_type_id: input.level.ticketTypeId,
    updated_at: input.now.toISOString(),
    // A renewal paid with auto_renew schedules the next one; otherwise the set keeps its state.
    ...(input.autoRenew ? { auto_renew_state: 'scheduled' } : {}),
  });
}
