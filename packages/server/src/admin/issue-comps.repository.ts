import type { Tx } from '../db/database.js';

/** A comp's tickets cost nothing: sold for 0, no fees (the face value stays the list price). */
export async function zeroTicketPrices(tx: Tx, cartId: string) {
  await tx.updateTable('ticket').set({ adjusted_value: 0, fee_fixed_outside: 0, fee_percent_outside: 0 }).where('cart_id', '=', cartId).where('state', '=', 'held').execute();
}

/** The order's number (the order exists: it was just booked). */
export function orderNumberOf(db: Tx, orderId: string) {
  return db.selectFrom('ticket_order').select(['id', 'order_number']).where('id', '=', orderId).executeTakeFirstOrThrow();
}
