import type { Tx } from '../../db/database.js';
import { cartById } from '../../cart/public.js';
import { userByIdentity } from '../../users/public.js';

/**
 * Who a card kept for the later instalments is kept for: the order's buyer (the cart's purchaser,
 * else its owner); null without an account (docs/payments.md "Later instalments").
 */
export async function cardHolder(db: Tx, cartId: string): Promise<{ email: string; name: string } | null> {
  const cart = await cartById(db, cartId);
  const user = cart ? await userByIdentity(db, cart.purchaser_identity_id ?? cart.identity_id) : undefined;
  return user ? { email: user.email, name: `${user.first_name} ${user.last_name}`.trim() } : null;
}
