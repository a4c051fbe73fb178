import type { Tx } from '../db/database.js';

/** What checkout reads of a seller and a cart (Kysely only; docs/checkout.md). */

/** The seller's meta (JSON text), where the terms link is. */
export function sellerMeta(tx: Tx, sellerId: string) {
  return tx.selectFrom('seller').select('meta').where('id', '=', sellerId).executeTakeFirst();
}

/** Until when a passed captcha keeps the cart's checkout open. */
export function captchaUntilOfCart(tx: Tx, cartId: string) {
  return tx.selectFrom('cart').select('captcha_until').where('id', '=', cartId).executeTakeFirst();
}

/** The held tickets' groups and events with their meta, in cart order (the purchaser form). */
export function formSourcesOfCart(tx: Tx, cartId: string) {
  return tx
    .selectFrom('ticket')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .select(['ticket_group.id as group_id', 'ticket_group.meta as group_meta', 'event_template.id as event_id', 'event_template.meta as event_meta'])
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.state', '=', 'held')
    .orderBy('ticket.created_at')
    .orderBy('ticket.id')
    .execute();
}
