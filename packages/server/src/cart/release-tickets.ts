import type { Tx } from '../db/database.js';
import { releaseMemberAllowances } from '../membership/take-member-allowance.js';
import { releaseGiftHolds } from '../membership/public.js';
import { giveBackGroupCapacity, giveBackSessionCapacity } from './capacity.repository.js';
import { cancelHeldTickets } from './cart.repository.js';

/**
 * Releases held tickets and gives back exactly what they took, once: the state change from
 * 'held' is conditional, so a ticket released twice (sweeper and user at the same moment) gives
 * back nothing the second time.
 */
export async function releaseHeldTickets(tx: Tx, where: { cartId: string; ticketIds?: string[] }): Promise<number> {
  if (where.ticketIds && !where.ticketIds.length) return 0;
  const released = await cancelHeldTickets(tx, where.cartId, where.ticketIds);
  await giveBackTickets(tx, released);
  return released.length;
}

/**
 * Gives back what tickets took — session and group capacity, member allowances, gift codes being
 * redeemed — for tickets the caller has just moved out of a live state with a conditional update
 * (so each only once).
 */
export async function giveBackTickets(tx: Tx, released: { id: string; event_session_id: string | null; ticket_group_id: string; counts_session: number | boolean }[]) {
  const bySession = new Map<string, number>();
  const byGroup = new Map<string, { sessionId: string; groupId: string; n: number }>();
  for (const t of released) {
    if (!t.event_session_id) continue;
    if (t.counts_session) bySession.set(t.event_session_id, (bySession.get(t.event_session_id) ?? 0) + 1);
    const key = `${t.event_session_id}|${t.ticket_group_id}`;
    const entry = byGroup.get(key) ?? { sessionId: t.event_session_id, groupId: t.ticket_group_id, n: 0 };
    entry.n += 1;
    byGroup.set(key, entry);
  }
  // Same order as the reserving side (sorted ids) so concurrent writers never deadlock.
  for (const [sessionId, n] of [...bySession].sort(([a], [b]) => (a < b ? -1 : 1))) await giveBackSessionCapacity(tx, sessionId, n);
  for (const g of [...byGroup.values()].sort((a, b) => (`${a.sessionId}|${a.groupId}` < `${b.sessionId}|${b.groupId}` ? -1 : 1))) {
    await giveBackGroupCapacity(tx, g.sessionId, g.groupId, g.n, bySession.has(g.sessionId));
  }
  await releaseMemberAllowances(tx, released.map((t) => t.id));
  await releaseGiftHolds(tx, released.map((t) => t.id));
}
