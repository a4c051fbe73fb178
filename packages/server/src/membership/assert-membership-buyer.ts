import { GIFT_CODE_TEXT, MEMBERSHIP_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { accountOfIdentities, heldMembershipTicket, heldTicketsWithGiftFlag } from './membership-cart.repository.js';

/**
 * Before any money moves (docs/memberships.md#2-buying, the login-or-guest dialog): a cart with a membership ticket needs
 * an account to own the cards — the logged-in buyer or the purchaser named at checkout. A gift of
 * membership needs its giftee named and is bought on its own (docs/memberships.md#7-gifts-of-membership: gifting requires an empty cart).
 */
export async function assertMembershipBuyer(tx: Tx, cart: { id: string; identity_id: string; purchaser_identity_id: string | null; giftee_identity_id: string | null }) {
  const membership = await heldMembershipTicket(tx, cart.id);
  if (!membership) return;
  const owner = await accountOfIdentities(tx, [cart.identity_id, cart.purchaser_identity_id ?? cart.identity_id]);
  if (!owner) throw new AppError(401, 'not_authorized', MEMBERSHIP_TEXT.loginToBuy, 'payment', { cart_id: cart.id });

  const held = await heldTicketsWithGiftFlag(tx, cart.id);
  const gifts = held.filter((t) => t.gift === 1).length;
  if (!gifts) return;
  if (gifts !== held.length) throw new AppError(409, 'gift_requires_empty_cart', GIFT_CODE_TEXT.emptyCartFirst, 'payment', { cart_id: cart.id });
  if (!cart.giftee_identity_id) throw new AppError(400, 'validation_failed', GIFT_CODE_TEXT.gifteeRequired, 'payment', { cart_id: cart.id, field: 'giftee_identity_id' });
}
