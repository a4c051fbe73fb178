import type { Db } from '../db/database.js';
import type { Identity } from '../identity/public-identity.js';
import { AppError } from '../http/app-error.js';
import { cartWithOwnerKind } from './cart.repository.js';
import { assertNotInjected, assertOwner } from './cart-access.js';
import { releaseHeldTickets } from './release-tickets.js';

/** DELETE my/cart/{id}: releases every held ticket and closes the cart. A booked cart cannot be deleted. */
export async function deleteCart(db: Db, input: { sellerId: string; identity: Identity | null; cartId: string; now: Date }) {
  return db.transaction().execute(async (tx) => {
    const cart = await cartWithOwnerKind(tx, input.cartId);
    assertOwner(cart, input.identity, input.sellerId);
    assertNotInjected(cart);
    if (cart.state === 'booked') throw new AppError(409, 'incorrect_cart_state', 'A booked cart cannot be deleted.', 'cart', { ticket_order_id: cart.ticket_order_id });
    const released = await releaseHeldTickets(tx, { cartId: cart.id });
    await tx.updateTable('cart').set({ state: 'deleted', updated_at: input.now.toISOString() }).where('id', '=', cart.id).execute();
    return released;
  });
}
