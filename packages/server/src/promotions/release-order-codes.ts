import type { Tx } from '../db/database.js';
import { giveBackCodeUses } from './promotions.repository.js';

/**
 * An order whose every ticket is cancelled (a cancel, or a self-edit that took them all out) gives
 * back the uses of the codes of every cart booked into it: its own and its change carts'. Once:
 * giveBackCodeUses is conditional. A ticket a change has taken out but not confirmed (`in_cart`) is
 * still the order's: a discard books it again, so its codes stay used.
 */
export async function releaseCodesOfCancelledOrder(tx: Tx, orderId: string) {
  const live = await tx.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed', 'in_cart']).limit(1).executeTakeFirst();
  if (live) return 0;
  const order = await tx.selectFrom('ticket_order').select('cart_id').where('id', '=', orderId).executeTakeFirst();
  const changes = await tx.selectFrom('cart').select('id').where('ticket_order_id', '=', orderId).execute();
  const cartIds = [...new Set([...(order?.cart_id ? [order.cart_id] : []), ...changes.map((c) => c.id)])].sort();
  let released = 0;
  for (const cartId of cartIds) released += await giveBackCodeUses(tx, cartId);
  return released;
}
