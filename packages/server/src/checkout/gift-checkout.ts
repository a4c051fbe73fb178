import { GIFT_TO_SELF } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertModifiable } from '../cart/cart-access.js';
import { cartById, updateCartRow } from '../cart/cart.repository.js';
import { usersByIdentities } from '../users/user.repository.js';
import { emailKey } from '../users/normalize.js';

/**
 * POST my/cart/{id}/gift_checkout (001 §7): a logged-in member buys for someone else. The giver
 * is the purchaser (the confirmation goes to them); the giftee named by POST giftee is recorded on
 * the cart. Gifting to oneself — the same identity or the same e-mail — is refused (001 §5).
 */
export async function giftCheckout(db: Db, input: { sellerId: string; identity: Identity | null; cartId: string; gifteeIdentityId: string; sendEmail: boolean; now: Date }) {
  const cart = await cartById(db, input.cartId);
  assertModifiable(cart, input.identity, input.sellerId, input.now);
  if (input.identity?.kind !== 'user') throw new AppError(401, 'not_authorized', 'Please log in to give a gift.', 'gift_checkout');
  const accounts = await usersByIdentities(db, input.sellerId, [input.identity.id, input.gifteeIdentityId]);
  const giver = accounts.find((a) => a.identity_id === input.identity!.id);
  const giftee = accounts.find((a) => a.identity_id === input.gifteeIdentityId);
  if (!giftee) throw new AppError(404, 'not_found', 'We could not find the person this gift is for. Please enter their details again.', 'gift_checkout', { field: 'giftee_identity_id' });
  if (giftee.identity_id === input.identity.id || (giver && emailKey(giver.email) === emailKey(giftee.email))) {
    throw new AppError(400, 'validation_failed', GIFT_TO_SELF, 'gift_checkout', { field: 'giftee_identity_id' });
  }
  await updateCartRow(db, cart.id, { purchaser_identity_id: input.identity.id, giftee_identity_id: giftee.identity_id, send_email: input.sendEmail ? 1 : 0, updated_at: input.now.toISOString() });
}
