import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { codesOfOrder, liveTicketValuesOfOrder } from './promotions.repository.js';

/**
 * What promotions took off an order (face − adjusted over its live tickets) and the codes its cart
 * used, for the confirmation e-mail; null without a discount.
 */
export async function orderDiscountText(tx: Tx, orderId: string, currency: string): Promise<string | null> {
  const tickets = await liveTicketValuesOfOrder(tx, orderId);
  const discount = tickets.reduce((sum, t) => sum + t.face_value - t.adjusted_value, 0);
  if (discount <= 0) return null;
  const codes = await codesOfOrder(tx, orderId);
  return `Discounts: ${fromMinor(discount)} ${currency}${codes.length ? ` (${codes.map((c) => c.code).join(', ')})` : ''}.`;
}
