import type { Db, Tx } from '../db/database.js';
import { sessionsWithTemplate } from '../events/public.js';

/**
 * The seats live tickets hold in a session, with what holds them: booked (or redeemed), or held
 * in a cart until its expiry. One indexed read (ticket_live_seat covers session and seat).
 */
export function liveSeatsOfSession(db: Db | Tx, sessionId: string) {
  return db
    .selectFrom('ticket')
    .innerJoin('cart', 'cart.id', 'ticket.cart_id')
    .select(['ticket.seat_id', 'ticket.state', 'cart.expires_at'])
    .where('ticket.event_session_id', '=', sessionId)
    .where('ticket.seat_id', 'is not', null)
    .where('ticket.state', 'in', ['held', 'booked', 'redeemed', 'in_cart'])
    .execute();
}

/** The seated groups of an event with the template and zones each sells. */
export function seatedGroupsOfEvent(db: Db | Tx, eventId: string) {
  return db
    .selectFrom('ticket_group')
    .innerJoin('seat_group', 'seat_group.ticket_group_id', 'ticket_group.id')
    .select(['ticket_group.id', 'ticket_group.rank', 'seat_group.seat_template_id', 'seat_group.zones'])
    .where('ticket_group.event_template_id', '=', eventId)
    .where('ticket_group.handler', '=', 'seated')
    .orderBy('ticket_group.rank')
    .execute();
}

export function sessionOfSellerEvent(db: Db | Tx, sellerId: string, eventId: string, sessionId: string) {
  return sessionsWithTemplate(db)
    .select(['event_session.id', 'event_session.end_datetime', 'event_session.sale_closed'])
    .where('event_session.id', '=', sessionId)
    .where('event_session.event_template_id', '=', eventId)
    .where('event_template.seller_id', '=', sellerId)
    .executeTakeFirst();
}

export function templateById(db: Db | Tx, id: string) {
  return db.selectFrom('seat_template').selectAll().where('id', '=', id).executeTakeFirst();
}
