import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { emptyCart } from '../../cart/delete-cart.js';
import { changeCartOfTicket, deletePendingCart } from './self-edit.repository.js';

/**
 * A visitor scanned at the door with a ticket their own change (self-edit) has taken out of the
 * order but not yet confirmed: being there with it says which they want, so the change is dropped
 * as a discard would (its new tickets released, the order's tickets booked again) and the ticket
 * can be let in. False while the change is being paid (the cart is claimed): it cannot be undone.
 */
export async function dropChangeAtDoor(db: Db, dialect: Dialect, ticketId: string, now: Date): Promise<boolean> {
  return inWriteTransaction(db, dialect, async (tx) => {
    const ticket = await changeCartOfTicket(tx, ticketId);
    if (ticket?.state !== 'in_cart' || !ticket.change_cart_id) return true;
    if (!(await deletePendingCart(tx, ticket.change_cart_id, now.toISOString()))) return false;
    await emptyCart(tx, ticket.change_cart_id);
    return true;
  });
}
