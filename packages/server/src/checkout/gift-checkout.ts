import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertModifiable } from '../cart/cart-access.js';
import { cartById, updateCartRow } from '../cart/public.js';
import { checkGiftee } from './check-giftee.js';

/**
 * POST my/cart/{id}/gift_checkout (docs/memberships.md#7-gifts-of-membership): a logged-in member buys for someone else. The giver
 * is the purchaser (the confirmation goes to them); the giftee named by POST giftee is recorded on
 * the cart.
 */
export async function giftCheckout(db: Db, input: { sellerId: string; identity: Identity | null; cartId: string; gifteeIdentityId: string; sendEmail: boolean; now: Date }) {
  const cart = await cartById(db, input.cartId);
  assertModifiable(cart, input.identity, input.sellerId, input.now);
  if (input.identity?.kind !== 'user') throw new AppError(401, 'not_authorized', 'Please log in to give a gift.', 'gift_checkout');
  await checkGiftee(db, { sellerId: input.sellerId, callerIdentityId: input.identity.id, giverIdentityId: input.identity.id, gifteeIdentityId: input.gifteeIdentityId, operation: 'gift_checkout' });
  await updateCartRow(db, cart.id, { purchaser_identity_id: input.identity.id, giftee_identity_id: input.gifteeIdentityId, send_email: input.sendEmail ? 1 : 0, updated_at: input.now.toISOString() });
}
