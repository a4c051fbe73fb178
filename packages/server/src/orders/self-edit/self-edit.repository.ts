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
