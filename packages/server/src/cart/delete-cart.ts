import type { Db, Dialect, Tx } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import type { Identity } from '../identity/public-identity.js';
import { AppError } from '../http/app-error.js';
import { cartWithOwnerKind, updateCartRow } from './cart.repository.js';
import { assertNotInjected, assertOwner } from './cart-access.js';
import { releaseHeldTickets } from './release-tickets.js';
import { giveBackCodeUses } from '../promotions/public.js';
import { restoreOrderTickets } from '../orders/public.js';

/** DELETE my/cart/{id}: releases every held ticket and closes the cart. A booked cart cannot be deleted. */
export async function deleteCart(db: Db, dialect: Dialect, input: { sellerId: string; identity: Identity | null; cartId: string; now: Date }) {
  return inWriteTransaction(db, dialect, async (tx) => {
    const cart = await cartWithOwnerKind(tx, input.cartId);
    assertOwner(cart, input.identity, input.sellerId);
    assertNotInjected(cart);
    if (cart.state === 'booked') throw new AppError(409, 'incorrect_cart_state', 'A booked cart cannot be deleted.', 'cart', { ticket_order_id: cart.ticket_order_id });
    const released = await emptyCart(tx, cart.id);
    await updateCartRow(tx, cart.id, { state: 'deleted', updated_at: input.now.toISOString() });
    return released;
  });
}

/** Gives back what a cart being closed holds: its held tickets, the order tickets a change took out (booked again), its code uses. */
export async function emptyCart(tx: Tx, cartId: string) {
  const released = await releaseHeldTickets(tx, { cartId });
  await restoreOrderTickets(tx, cartId); // a discarded change: the order keeps its tickets
  await giveBackCodeUses(tx, cartId);
  return released;
}
