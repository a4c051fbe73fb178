import type { TOrderSession } from '@foyer/contracts';
import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { ticketsWithSession } from '../tickets/ticket-with-session.js';
import { document } from '../http/envelope.js';
import { boughtBy } from './orders.repository.js';

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
  const rows = await ticketsWithSession(db)
    .innerJoin('ticket_order', 'ticket_order.id', 'ticket.ticket_order_id')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .innerJoin('seller', 'seller.id', 'ticket_order.seller_id')
    .leftJoin('venue', 'venue.id', 'event_template.venue_id')
    .select([
      'ticket_order.id as ticket_order_id',
      'ticket_order.order_number',
      'ticket_order.created_at as purchased_on',
      'event_session.id as event_session_id',
      'event_session.start_datetime',
      'event_session.end_datetime',
      'event_template.id as event_template_id',
      'event_template.name as event_name',
      sql<string>`coalesce(venue.timezone, seller.timezone)`.as('timezone'),
    ])
    .select((eb) => eb.fn.count<number>('ticket.id').as('num_tickets'))
    .where('ticket_order.seller_id', '=', input.sellerId)
    .where(boughtBy(input.identityId))
    .where('ticket.state', 'in', ['booked', 'redeemed'])
    .where('ticket.handler', 'in', VISIT_HANDLERS)
    .where('event_session.end_datetime', '>', input.now.toISOString())
    .groupBy([
      'ticket_order.id',
      'ticket_order.order_number',
      'ticket_order.created_at',
      'event_session.id',
      'event_session.start_datetime',
      'event_session.end_datetime',
      'event_template.id',
      'event_template.name',
      'venue.timezone',
      'seller.timezone',
    ])
    .orderBy('event_session.start_datetime')
    .orderBy('ticket_order.created_at')
    .limit(UPCOMING_LIMIT)
    // The session's end is compared above, so each row has its session.
    .$narrowType<{ event_session_id: string; start_datetime: string; end_datetime: string }>()
    .execute();
  const sessions: TOrderSession[] = rows.map((r) => ({ id: `${r.ticket_order_id}:${r.event_session_id}`, ...r, num_tickets: r.num_tickets }));
  return document('order_session', sessions, sessions.length);
}
