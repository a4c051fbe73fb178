import type { Tx } from '../../db/database.js';
import { updateCartRow } from '../../cart/public.js';
import { accountContactOfIdentity, heldOwnMembershipTicket } from '../membership-cart.repository.js';

/**
 * Pay with `auto_renew: true` (docs/memberships.md#8-auto-renew pay body, docs/memberships.md#8-auto-renew): when the cart buys or renews a membership for
 * its owner (not a gift), the cart is marked so its booking schedules the renewal, and the gateway
 * is asked to keep the card; answers who the card is kept for. Otherwise null (the flag is ignored).
 * Inside the pay claim's transaction.
 */
export async function enrolCartInAutoRenew(tx: Tx, cart: { id: string; identity_id: string; purchaser_identity_id: string | null }) {
  const renews = await heldOwnMembershipTicket(tx, cart.id);
  if (!renews) return null;
  const owner = await accountContactOfIdentity(tx, cart.purchaser_identity_id ?? cart.identity_id);
  if (!owner) return null;
  await updateCartRow(tx, cart.id, { auto_renew: 1 });
  return { email: owner.email, name: `${owner.first_name} ${owner.last_name}`.trim() };
}
