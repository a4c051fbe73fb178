import type { TOrderSession } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import { upcomingVisitsOfBuyer } from './orders.repository.js';

/** Tickets that are a visit (not a membership, donation, gift card or code bought with the order). */
const VISIT_HANDLERS = ['tickets', 'seated', 'passes'];

/** At most this many upcoming visits are listed (a household's year, not an operator's export). */
const UPCOMING_LIMIT = 200;

/**
 * GET my/order_session (docs/accounts.md#my-account My Account: upcoming visits): for each order the user bought
 * (boughtBy) and each session not yet ended, how many of its tickets
 * for a visit are booked or redeemed. Soonest first.
 */
export async function listOrderSessions(db: Tx, input: { sellerId: string; identityId: string; now: Date }) {
  const rows = await upcomingVisitsOfBuyer(db, { sellerId: input.sellerId, identityId: input.identityId, nowIso: input.now.toISOString(), handlers: VISIT_HANDLERS, limit: UPCOMING_LIMIT });
  const sessions: TOrderSession[] = rows.map((r) => ({ id: `${r.ticket_order_id}:${r.event_session_id}`, ...r, num_tickets: r.num_tickets }));
  return document('order_session', sessions, sessions.length);
}
