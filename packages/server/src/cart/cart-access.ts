import type { Selectable } from 'kysely';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';

/**
 * Only the cart's identity may see or change it (docs/cart.md#who-may-change-a-cart); others are refused. The refusal says
 * when the cart is a logged-in member's (`_extra.owner: 'member'`, docs/cart.md#errors "belongs to another
 * member") and nothing more about the owner.
 */
export function assertOwner(
  cart: (Selectable<CartTable> & { owner_kind?: string | null }) | undefined,
  identity: Identity | null,
  sellerId: string,
): asserts cart is Selectable<CartTable> {
  if (!cart || cart.seller_id !== sellerId || cart.state === 'deleted') throw new AppError(404, 'not_found', 'This cart could not be found.', 'cart');
  if (!identity || cart.identity_id !== identity.id) throw accessDenied(cart.owner_kind);
}

export function accessDenied(ownerKind: string | null | undefined): AppError {
  return new AppError(403, 'scope_error', 'Access denied to cart.', 'cart', ownerKind === 'user' ? { owner: 'member' } : null);
}

/** A cart that may still change: owned, not booked, not expired (docs/cart.md#holds-and-expiry). */
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

/** docs/cart.md#screens: a staff-created cart is paid as prepared; the visitor cannot add, remove or delete. */
export function assertNotInjected(cart: Selectable<CartTable>) {
  if (cart.injected) {
    throw new AppError(409, 'incorrect_cart_state', 'This cart was prepared for you and cannot be changed. Please contact us to change it.', 'cart', { cart_id: cart.id, injected: true });
  }
}
