import type { Tx } from '../db/database.js';
import { retakeMemberAllowances } from '../membership/take-member-allowance.js';
import { takeGroupCapacity, takeSessionCapacity } from '../cart/capacity.repository.js';

/**
 * A payment that succeeded after its hold expired: the sweeper gave the tickets' capacity back,
 * so it is taken again with the same conditional updates as reserving (DESIGN §4). Returns false
 * when any of it is gone; the caller then rolls the transaction back (nothing half-taken stays).
 */
export async function reholdTickets(tx: Tx, cartId: string, ticketIds: string[], now: Date = new Date()): Promise<boolean> {
  if (!ticketIds.length) return false;
  const tickets = await tx
    .selectFrom('ticket')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .select(['ticket.id', 'ticket.event_session_id', 'ticket.ticket_group_id', 'ticket.counts_session', 'ticket_group.capacity', 'ticket_group.oversell_capacity'])
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.id', 'in', ticketIds)
    .where('ticket.state', '=', 'cancelled')
    .execute();
  if (tickets.length !== ticketIds.length) return false;
  const bySession = new Map<string, number>();
  const byGroup = new Map<string, { sessionId: string; groupId: string; n: number; limit: number }>();
  for (const t of tickets) {
    if (!t.event_session_id) continue;
    if (t.counts_session) bySession.set(t.event_session_id, (bySession.get(t.event_session_id) ?? 0) + 1);
    const key = `${t.event_session_id}|${t.ticket_group_id}`;
    const limit = t.capacity === -1 ? -1 : t.capacity + t.oversell_capacity;
    const entry = byGroup.get(key) ?? { sessionId: t.event_session_id, groupId: t.ticket_group_id, n: 0, limit };
    entry.n += 1;
    byGroup.set(key, entry);
  }
  // Sorted like the reserving side, so concurrent writers never deadlock.
  for (const [sessionId, n] of [...bySession].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!(await takeSessionCapacity(tx, sessionId, n))) return false;
  }
  for (const [, g] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!(await takeGroupCapacity(tx, g.sessionId, g.groupId, g.limit, g.n))) return false;
  }
  if (!(await retakeMemberAllowances(tx, { cartId, ticketIds, now }))) return false;
  await tx.updateTable('ticket').set({ state: 'held' }).where('cart_id', '=', cartId).where('id', 'in', ticketIds).where('state', '=', 'cancelled').execute();
  return true;
}
