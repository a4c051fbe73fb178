import type { Tx } from '../db/database.js';
import { cartDocument, DEFAULT_CART_EMBEDS, type CartDocumentContext } from '../cart/cart-document.js';
import { list } from '../http/envelope.js';
import { orderById } from '../orders/public.js';
import { orderOut } from '../orders/order-document.js';
import type { PayOutcome } from '../payments/settle-payment.js';

/** The answer to POST cart/{id}/pay (docs/checkout.md#data): the cart as it now stands, its order once booked, and the outcome. */
export async function payAnswer(db: Tx, cartId: string, result: PayOutcome, now: Date, ctx: CartDocumentContext = {}) {
  const doc = (await cartDocument(db, cartId, DEFAULT_CART_EMBEDS, now, ctx)) as Record<string, unknown>;
  if (result.outcome === 'completed') {
    const order = await orderById(db, result.orderId);
    if (!order) throw new Error(`payAnswer: no order ${result.orderId}`);
    doc.ticket_order = list([orderOut(order)]);
  }
  return { ...doc, outcome: result.outcome };
}
