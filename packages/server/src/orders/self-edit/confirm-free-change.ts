import { AppError } from '../../http/app-error.js';
import { cartById } from '../../cart/public.js';
import { assertOwner } from '../../cart/cart-access.js';
import { payCart, type PayInput, type PayOutcome } from '../../checkout/pay-cart.js';

/**
 * POST cart/{id}/guest_checkout with gateway "free" (docs/after-sale.md#how-a-change-works-server): Confirm Changes of a change cart with
 * nothing to pay. The purchaser stays the order's; the change is settled through the same pay path
 * as any order (claim, free payment row, settle → applyOrderChange), so a double click confirms once.
 */
export async function confirmFreeChange(input: Omit<PayInput, 'body'>): Promise<PayOutcome> {
  const cart = await cartById(input.db, input.cartId);
  assertOwner(cart, input.identity, input.sellerId);
  if (!cart.edits_order_id) throw new AppError(400, 'validation_failed', 'Only a change to an order is confirmed this way.', 'checkout', { field: 'gateway_id' });
  return payCart({ ...input, body: { amount: '0.00', gateway_id: 'free', gateway_data: {} }, captcha: null });
}
