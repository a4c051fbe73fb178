import { MEMBERSHIP_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';

/**
 * Before any money moves (001 §4, the login-or-guest dialog): a cart with a membership ticket needs
 * an account to own the cards — the logged-in buyer or the purchaser named at checkout.
 */
export async function assertMembershipBuyer(tx: Tx, cart: { id: string; identity_id: string; purchaser_identity_id: string | null }) {
  const membership = await tx.selectFrom('ticket').select('id').where('cart_id', '=', cart.id).where('state', '=', 'held').where('handler', '=', 'membership').executeTakeFirst();
  if (!membership) return;
  const owner = await tx
    .selectFrom('user_account')
    .select('id')
    .where('identity_id', 'in', [cart.identity_id, cart.purchaser_identity_id ?? cart.identity_id])
    .executeTakeFirst();
  if (!owner) throw new AppError(401, 'not_authorized', MEMBERSHIP_TEXT.loginToBuy, 'payment', { cart_id: cart.id });
}
