import type { Tx } from '../../db/database.js';

// The rows a change cart takes out of its order and gives back (docs/after-sale.md#how-a-change-works-server);
// take-order-tickets.ts applies the self-edit rules.

/** The seller's order with its total and what was paid. */
export function orderAmounts(tx: Tx, sellerId: string, orderId: string) {
  return tx.selectFrom('ticket_order').select(['id', 'total', 'paid']).where('id', '=', orderId).where('seller_id', '=', sellerId).executeTakeFirst();
}

/** Names the order a cart changes, unless it names one already. */
export async function markCartEditsOrder(tx: Tx, cartId: string, orderId: string) {
  await tx.updateTable('cart').set({ edits_order_id: orderId }).where('id', '=', cartId).where('edits_order_id', 'is', null).execute();
}

/** The order's tickets among `ids`, with what the self-edit rules look at. */
export function orderTicketsToTake(tx: Tx, orderId: string, ids: string[]) {
  return tx
    .selectFrom('ticket')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .leftJoin('event_session', 'event_session.id', 'ticket.event_session_id')
    .select(['ticket.id', 'ticket.state', 'ticket.handler', 'ticket.ticket_order_id', 'ticket.change_cart_id', 'event_template.category', 'event_template.meta', 'event_session.start_datetime'])
    .where('ticket.id', 'in', ids)
    .where('ticket.ticket_order_id', '=', orderId)
    .execute();
}

/** Moves booked order tickets into the change cart by one conditional update; answers how many moved. */
export async function takeBookedTickets(tx: Tx, orderId: string, cartId: string, ticketIds: string[]): Promise<number> {
  const taken = await tx
    .updateTable('ticket')
    .set({ state: 'in_cart', change_cart_id: cartId })
    .where('id', 'in', ticketIds)
    .where('ticket_order_id', '=', orderId)
    .where('state', '=', 'booked')
    .executeTakeFirst();
  return Number(taken.numUpdatedRows);
}

/** The distinct event metas of the tickets the order still holds. */
export function liveEventMetaRows(tx: Tx, orderId: string) {
  return tx
    .selectFrom('ticket')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .select('event_template.meta')
    .distinct()
    .where('ticket.ticket_order_id', '=', orderId)
    .where('ticket.state', 'in', ['booked', 'redeemed'])
    .execute();
}

/** Price and outside fees of the order tickets a change cart has taken out. */
export function takenTicketValues(tx: Tx, cartId: string) {
  return tx.selectFrom('ticket').select(['adjusted_value', 'fee_fixed_outside', 'fee_percent_outside']).where('change_cart_id', '=', cartId).where('state', '=', 'in_cart').execute();
}

export async function setCartCredit(tx: Tx, cartId: string, credit: number) {
  await tx.updateTable('cart').set({ credit }).where('id', '=', cartId).execute();
}

/** A change cart discarded or expired: the order tickets it took out are booked again (nothing was given back). */
export async function restoreOrderTickets(tx: Tx, cartId: string): Promise<number> {
  const restored = await tx.updateTable('ticket').set({ state: 'booked', change_cart_id: null }).where('change_cart_id', '=', cartId).where('state', '=', 'in_cart').executeTakeFirst();
  return Number(restored.numUpdatedRows);
}

/** Cancels the order tickets a change cart took out, conditional on their still being in it; answers them with what giving them back needs. */
export function cancelTakenOutTickets(tx: Tx, cartId: string) {
  return tx
    .updateTable('ticket')
    .set({ state: 'cancelled' })
    .where('change_cart_id', '=', cartId)
    .where('state', '=', 'in_cart')
    .returning(['id', 'event_session_id', 'ticket_group_id', 'counts_session', 'adjusted_value', 'fee_fixed_outside', 'fee_percent_outside'])
    .execute();
}

/** The order's totals and seller, as a confirmed change adds to them. */
export function orderTotals(tx: Tx, orderId: string) {
  return tx.selectFrom('ticket_order').select(['total', 'paid', 'method_fee', 'seller_id']).where('id', '=', orderId).executeTakeFirst();
}

export async function setOrderTotals(tx: Tx, orderId: string, totals: { total: number; paid: number; method_fee: number }) {
  await tx.updateTable('ticket_order').set(totals).where('id', '=', orderId).execute();
}

/** The order tickets a change cart has taken out, with their price, fees and event type, by id. */
export function takenOutTicketsWithEvent(tx: Tx, cartId: string) {
  return tx
    .selectFrom('ticket')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .select(['ticket.id', 'ticket.face_value', 'ticket.adjusted_value', 'ticket.fee_fixed_outside', 'ticket.fee_percent_outside', 'ticket.event_template_id', 'event_template.event_type'])
    .where('ticket.change_cart_id', '=', cartId)
    .where('ticket.state', '=', 'in_cart')
    .orderBy('ticket.id')
    .execute();
}

/** The events of the new tickets a change cart holds (not yet in an order). */
export function newTicketEventsOfCart(tx: Tx, cartId: string) {
  return tx.selectFrom('ticket').select('event_template_id').where('cart_id', '=', cartId).where('state', '=', 'held').where('ticket_order_id', 'is', null).execute();
}

/** A ticket's state and the change cart that took it out (null: none). */
export function changeCartOfTicket(tx: Tx, ticketId: string) {
  return tx.selectFrom('ticket').select(['state', 'change_cart_id']).where('id', '=', ticketId).executeTakeFirst();
}

/** pending → deleted for a change cart (conditional: a cart being paid stays); true when it was pending. */
export async function deletePendingCart(tx: Tx, cartId: string, nowIso: string): Promise<boolean> {
  const claimed = await tx.updateTable('cart').set({ state: 'deleted', updated_at: nowIso }).where('id', '=', cartId).where('state', '=', 'pending').executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The order's succeeded charges that took money, newest first: where a refund can go. */
export function refundableChargesOfOrder(tx: Tx, orderId: string) {
  return tx
    .selectFrom('payment')
    .select(['id', 'gateway_id', 'amount', 'reference'])
    .where('ticket_order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .where('gateway_id', '!=', 'free')
    .where('amount', '>', 0)
    .orderBy('created_at', 'desc')
    .execute();
}

/** What refund rows of these kinds (but failed ones) gave back of one charge. */
export function refundedOfCharge(tx: Tx, charge: { reference: string; gateway_id: string }, refundKinds: string[]) {
  return tx
    .selectFrom('payment')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('reference', '=', charge.reference)
    .where('gateway_id', '=', charge.gateway_id)
    .where('error_code', 'in', refundKinds)
    .where('status', '!=', 'refund_failed')
    .executeTakeFirst();
}

/** A cart's refund rows of one kind still to send. */
export function pendingRefundsOfCart(tx: Tx, cartId: string, errorCode: string) {
  return tx.selectFrom('payment').select('id').where('cart_id', '=', cartId).where('status', '=', 'refund_pending').where('error_code', '=', errorCode).execute();
}
