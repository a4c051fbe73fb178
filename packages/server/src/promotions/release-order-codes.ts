import type { Tx } from '../db/database.js';
import { cartsOfOrder, giveBackCodeUses, orderHasLiveTicket } from './promotions.repository.js';

/**
 * An order whose every ticket is cancelled (a cancel, or a self-edit that took them all out) gives
 * back the uses of the codes of every cart booked into it: its own and its change carts'. Once:
 * giveBackCodeUses is conditional. A ticket a change has taken out but not confirmed (`in_cart`) is
 * still the order's: a discard books it again, so its codes stay used.
 */
export async function releaseCodesOfCancelledOrder(tx: Tx, orderId: string) {
  if (await orderHasLiveTicket(tx, orderId)) return 0;
  const cartIds = [...new Set(await cartsOfOrder(tx, orderId))].sort();
  let released = 0;
  for (const cartId of cartIds) released += await giveBackCodeUses(tx, cartId);
  return released;
}
