import type { Tx } from '../../db/database.js';

/**
 * Pay with `auto_renew: true` (docs/memberships.md#8-auto-renew pay body, docs/memberships.md#8-auto-renew): when the cart buys or renews a membership for
 * its owner (not a gift), the cart is marked so its booking schedules the renewal, and the gateway
 * is asked to keep the card; answers who the card is kept for. Otherwise null (the flag is ignored).
 * Inside the pay claim's transaction.
 */
export async function enrolCartInAutoRenew(tx: Tx, cart: { id: string; identity_id: string; purchaser_identity_id: string | null }) {
  const renews = await tx
    .selectFrom('ticket')
    .innerJoin('membership_item', 'membership_item.ticket_id', 'ticket.id')
    .select('ticket.id')
    .where('ticket.cart_id', '=', cart.id)
    .where('ticket.state', '=', 'held')
    .where('membership_item.gift', '=', 0)
    .executeTakeFirst();
  if (!renews) return null;
  const owner = await tx
    .selectFrom('user_account')
    .select(['email', 'first_name', 'last_name'])
    .where('identity_id', '=', cart.purchaser_identity_id ?? cart.identity_id)
    .executeTakeFirst();
  if (!owner) return null;
  await tx.updateTable('cart').set({ auto_renew: 1 }).where('id', '=', cart.id).execute();
  return { email: owner.email, name: `${owner.first_name} ${owner.last_name}`.trim() };
}
