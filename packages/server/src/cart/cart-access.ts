import type { Selectable } from 'kysely';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';

/** Only the cart's identity may see or change it (DESIGN §6); others are refused. */
export function assertOwner(cart: Selectable<CartTable> | undefined, identity: Identity | null, sellerId: string): asserts cart is Selectable<CartTable> {
  if (!cart || cart.seller_id !== sellerId || cart.state === 'deleted') throw new AppError(404, 'not_found', 'This cart could not be found.', 'cart');
  if (!identity || cart.identity_id !== identity.id) throw new AppError(403, 'scope_error', 'Access denied to cart.', 'cart');
}

/** A cart that may still change: owned, not booked, not expired (000 §4). */
export function assertModifiable(cart: Selectable<CartTable> | undefined, identity: Identity | null, sellerId: string, now: Date): asserts cart is Selectable<CartTable> {
  assertOwner(cart, identity, sellerId);
  if (cart.state === 'booked') {
    throw new AppError(409, 'cart_already_booked', `This cart has already been booked as order ${cart.ticket_order_id}.`, 'cart', { ticket_order_id: cart.ticket_order_id });
  }
  if (cart.state === 'checkout') {
    throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'cart', { cart_id: cart.id });
  }
  if (cart.state === 'expired' || (cart.expires_at !== null && cart.expires_at <= now.toISOString())) {
    throw new AppError(410, 'cart_expired', 'Your cart has timed out and the tickets have been released.', 'cart', { cart_id: cart.id });
  }
}
