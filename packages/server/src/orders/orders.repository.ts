import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { noteCapacityChange } from '../cart/capacity-changes.js';
import { ticketsWithSession, VALIDITY_COLUMNS } from '../tickets/ticket-with-session.js';
import type { Database } from '../db/schema.js';
import type { TicketOrderTable } from '../db/schema.js';
import { sessionsWithTemplate } from '../events/public.js';

export type OrderRow = Selectable<TicketOrderTable>;

export function orderById(db: Tx, id: string) {
  return db.selectFrom('ticket_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export function orderOfSeller(db: Tx, sellerId: string, id: string) {
  return db.selectFrom('ticket_order').selectAll().where('id', '=', id).where('seller_id', '=', sellerId).executeTakeFirst();
}

/** Who bought an order (in a query joining ticket_order and its cart): the identity held the cart, or was named its purchaser at checkout. */
export const boughtBy =
  (identityId: string) =>
  (eb: ExpressionBuilder<Database, 'ticket_order' | 'cart'>) =>
    eb.or([eb('ticket_order.identity_id', '=', identityId), eb('cart.purchaser_identity_id', '=', identityId)]);

/** The orders an identity bought (boughtBy). Newest first. */
export function ordersOfIdentity(db: Tx, sellerId: string, identityId: string, limit: number) {
  return db
    .selectFrom('ticket_order')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .selectAll('ticket_order')
    .where('ticket_order.seller_id', '=', sellerId)
    .where(boughtBy(identityId))
    .orderBy('ticket_order.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Of these orders of the seller, those the identity bought (boughtBy) and the one a manage key opened; oldest first. */
export async function ordersOpenedTo(db: Tx, sellerId: string, ids: string[], opener: { identityId: string | null; keyedOrderId: string | null }): Promise<OrderRow[]> {
  const { identityId, keyedOrderId } = opener;
  if (!ids.length || (!identityId && !keyedOrderId)) return [];
  return db
    .selectFrom('ticket_order')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .selectAll('ticket_order')
    .where('ticket_order.seller_id', '=', sellerId)
    .where('ticket_order.id', 'in', ids)
    .where((eb) => eb.or([...(identityId ? [boughtBy(identityId)(eb)] : []), ...(keyedOrderId ? [eb('ticket_order.id', '=', keyedOrderId)] : [])]))
    .orderBy('ticket_order.created_at')
    .execute();
}

export async function insertOrder(db: Tx, row: Insertable<TicketOrderTable>) {
  await db.insertInto('ticket_order').values(row).execute();
}

/**
 * A held ticket becomes part of the order, with its scan code. Its session is noted as changed: a
 * held seat shows `unavailable`, a booked one `booked` (the cached seat map, cart/capacity-changes.ts).
 */
export async function bookTicket(db: Tx, ticketId: string, orderId: string, scanCode: string) {
  const row = await db.updateTable('ticket').set({ state: 'booked', ticket_order_id: orderId, scan_code: scanCode }).where('id', '=', ticketId).returning('event_session_id').executeTakeFirst();
  if (row?.event_session_id) noteCapacityChange(db, row.event_session_id);
}

export function ticketsOfOrders(db: Tx, orderIds: string[], states: string[]) {
  return db.selectFrom('ticket').selectAll().where('ticket_order_id', 'in', orderIds).where('state', 'in', states).orderBy('created_at').orderBy('id').execute();
}

/** The order's gift-card tickets (handler ledger): each issues a card. */
export function ledgerTicketsOfOrder(db: Tx, orderId: string) {
  return db.selectFrom('ticket').select(['id', 'face_value']).where('ticket_order_id', '=', orderId).where('handler', '=', 'ledger').execute();
}

export function ticketGroupsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('ticket_group').selectAll().where('id', 'in', ids).execute();
}

export function eventTemplatesByIds(db: Tx, ids: string[]) {
  return db.selectFrom('event_template').selectAll().where('id', 'in', ids).execute();
}

export function sessionsByIds(db: Tx, ids: string[]) {
  return sessionsWithTemplate(db)
    .selectAll('event_session')
    .select('event_template.seller_id')
    .where('event_session.id', 'in', ids)
    .execute();
}

/** What the confirmation e-mail says about the order and who it goes to. */
export function orderForConfirmation(db: Tx, orderId: string) {
  return db
    .selectFrom('ticket_order')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .innerJoin('seller', 'seller.id', 'ticket_order.seller_id')
    .select(['ticket_order.id', 'ticket_order.order_number', 'ticket_order.total', 'cart.purchaser_identity_id', 'cart.send_email', 'seller.name as seller_name', 'seller.currency'])
    .where('ticket_order.id', '=', orderId)
    .executeTakeFirst();
}

/** The booked tickets as the confirmation lists them (event, time, type, scan code or gift card number). */
export function confirmationLines(db: Tx, orderId: string) {
  return db
    .selectFrom('ticket')
    .innerJoin('ticket_type', 'ticket_type.id', 'ticket.ticket_type_id')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .leftJoin('event_session', 'event_session.id', 'ticket.event_session_id')
    .leftJoin('ledger', 'ledger.ticket_id', 'ticket.id')
    .select(['ticket_type.name as type_name', 'event_template.name as event_name', 'event_template.event_type', 'event_template.meta as event_meta', 'venue.timezone', ...VALIDITY_COLUMNS, 'ticket.scan_code', 'ticket.face_value', 'ledger.number as gift_card_number'])
    .where('ticket.ticket_order_id', '=', orderId)
    .where('ticket.state', '=', 'booked')
    .orderBy('ticket.created_at')
    .execute();
}

/** The orders a buyer's e-mail address bought (its account is the cart's purchaser), newest first. */
export function orderIdsOfBuyerEmail(db: Tx, sellerId: string, emailKey: string, limit: number) {
  return db
    .selectFrom('ticket_order')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .innerJoin('user_account', 'user_account.identity_id', 'cart.purchaser_identity_id')
    .select('ticket_order.id')
    .where('ticket_order.seller_id', '=', sellerId)
    .where('user_account.seller_id', '=', sellerId)
    .where('user_account.email_key', '=', emailKey)
    .orderBy('ticket_order.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the order still has tickets to manage: booked, or taken out by a change not yet confirmed. */
export async function orderHasLiveTickets(db: Tx, orderId: string): Promise<boolean> {
  const row = await db.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'in_cart']).limit(1).executeTakeFirst();
  return !!row;
}

/** An order's tickets as its e-mails name them (event, type, session start, venue zone), by id or by state. */
export function ticketLinesOfOrder(db: Tx, orderId: string, which: { ids?: string[]; state?: string }) {
  let q = db
    .selectFrom('ticket')
    .innerJoin('ticket_type', 'ticket_type.id', 'ticket.ticket_type_id')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .leftJoin('event_session', 'event_session.id', 'ticket.event_session_id')
    .select(['ticket.id', 'ticket.state', 'ticket.adjusted_value', 'event_session.start_datetime', 'event_template.name as event_name', 'ticket_type.name as type_name', 'venue.timezone'])
    .where('ticket.ticket_order_id', '=', orderId);
  if (which.ids) q = q.where('ticket.id', 'in', which.ids);
  if (which.state) q = q.where('ticket.state', '=', which.state);
  return q.execute();
}

/** Per order the identity bought (boughtBy) and session not yet ended: how many of its tickets of these handlers are booked or redeemed, soonest first. */
export function upcomingVisitsOfBuyer(db: Tx, input: { sellerId: string; identityId: string; nowIso: string; handlers: string[]; limit: number }) {
  return ticketsWithSession(db)
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
    .where('ticket.handler', 'in', input.handlers)
    .where('event_session.end_datetime', '>', input.nowIso)
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
    .limit(input.limit)
    // The session's end is compared above, so each row has its session.
    .$narrowType<{ event_session_id: string; start_datetime: string; end_datetime: string }>()
    .execute();
}

/** Cancels these tickets of the order that are still booked (conditional); answers those it cancelled, with what giving them back needs. */
export function cancelBookedOrderTickets(tx: Tx, orderId: string, ticketIds: string[]) {
  return tx
    .updateTable('ticket')
    .set({ state: 'cancelled' })
    .where('ticket_order_id', '=', orderId)
    .where('id', 'in', ticketIds)
    .where('state', '=', 'booked')
    .returning(['id', 'event_session_id', 'ticket_group_id', 'counts_session'])
    .execute();
}

/** Of these orders, those that made membership cards. */
export function ordersWithCards(db: Tx, orderIds: string[]) {
  return db.selectFrom('membership').select('ticket_order_id').distinct().where('ticket_order_id', 'in', orderIds).execute();
}
