import type { Tx } from '../db/database.js';
import { giveBackCodeUses } from './promotions.repository.js';

/**
 * An order whose every ticket is cancelled (a cancel, or a self-edit that took them all out) gives
 * back the uses of the codes of every cart booked into it: its own and its change carts'. Once:
 * giveBackCodeUses is conditional.
 */
export async function releaseCodesOfCancelledOrder(tx: Tx, orderId: string) {
  const live = await tx.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed']).limit(1).executeTakeFirst();
  if (live) return 0;
  const order = await tx.selectFrom('ticket_order').select('cart_id').where('id', '=', orderId).executeTakeFirst();
  const changes = await tx.selectFrom('cart').select('id').where('ticket_order_id', '=', orderId).execute();
  const cartIds = [...new Set([...(order?.cart_id ? [order.cart_id] : []), ...changes.map((c) => c.id)])].sort();
  let released = 0;
  for (const cartId of cartIds) released += await giveBackCodeUses(tx, cartId);
  return released;
}
