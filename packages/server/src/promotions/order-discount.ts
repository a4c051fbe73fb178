import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../db/database.js';

/**
 * What promotions took off an order (face − adjusted over its live tickets) and the codes its cart
 * used, for the confirmation e-mail; null without a discount.
 */
export async function orderDiscountText(tx: Tx, orderId: string, currency: string): Promise<string | null> {
  const tickets = await tx.selectFrom('ticket').select(['face_value', 'adjusted_value']).where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed']).execute();
  const discount = tickets.reduce((sum, t) => sum + t.face_value - t.adjusted_value, 0);
  if (discount <= 0) return null;
  const codes = await tx
    .selectFrom('cart_promo_code')
    .innerJoin('ticket_order', 'ticket_order.cart_id', 'cart_promo_code.cart_id')
    .select('cart_promo_code.code')
    .where('ticket_order.id', '=', orderId)
    .orderBy('cart_promo_code.created_at')
    .execute();
  return `Discounts: ${fromMinor(discount)} ${currency}${codes.length ? ` (${codes.map((c) => c.code).join(', ')})` : ''}.`;
}
