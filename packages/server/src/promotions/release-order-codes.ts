import type { Tx } from '../db/database.js';
import { giveBackCodeUses } from './promotions.repository.js';

/** An order whose every ticket is cancelled gives its codes' uses back (once: giveBackCodeUses is conditional). */
export async function releaseCodesOfCancelledOrder(tx: Tx, orderId: string) {
  const live = await tx.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed']).limit(1).executeTakeFirst();
  if (live) return 0;
  const order = await tx.selectFrom('ticket_order').select('cart_id').where('id', '=', orderId).executeTakeFirst();
  return order?.cart_id ? giveBackCodeUses(tx, order.cart_id) : 0;
}
