import type { Tx } from '../db/database.js';

/** The order's tickets a move names, with what a new reservation of them needs. */
export const ticketsToMove = (db: Tx, orderId: string, ids: string[]) =>
  db
    .selectFrom('ticket')
    .select(['id', 'state', 'ticket_type_id', 'ticket_group_id', 'event_template_id', 'event_session_id', 'admit_name', 'admit_email'])
    .where('ticket_order_id', '=', orderId)
    .where('id', 'in', ids)
    .execute();

export const sessionEvent = (db: Tx, sessionId: string) => db.selectFrom('event_session').select(['id', 'event_template_id']).where('id', '=', sessionId).executeTakeFirst();

export const orderOwner = (db: Tx, orderId: string) =>
  db
    .selectFrom('ticket_order')
    .innerJoin('identity', 'identity.id', 'ticket_order.identity_id')
    .innerJoin('seller', 'seller.id', 'ticket_order.seller_id')
    .innerJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .select(['ticket_order.id', 'ticket_order.seller_id', 'ticket_order.identity_id', 'identity.kind', 'seller.currency', 'cart.additional_info'])
    .where('ticket_order.id', '=', orderId)
    .executeTakeFirst();

/** pending → deleted: a move not confirmed is discarded once (a cart being paid is left to the reconciler). */
export async function claimPendingCart(tx: Tx, cartId: string, nowIso: string): Promise<boolean> {
  const done = await tx.updateTable('cart').set({ state: 'deleted', updated_at: nowIso }).where('id', '=', cartId).where('state', '=', 'pending').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
