import type { Tx } from '../db/database.js';
import { giveBackTickets } from '../cart/release-tickets.js';
import { releaseCodesOfCancelledOrder } from '../promotions/release-order-codes.js';
import { noteTicketsChanged } from '../wallet/note-pass-changes.js';

/**
 * Cancels these tickets of an order that are still booked, and gives back what they held
 * (capacity, seats, allowances, code uses) exactly once: a ticket another request cancelled first
 * is not returned, so nothing is given back twice. The buyer's cancel and a staff refund share it.
 * Their installed wallet passes are voided (docs/wallet-passes.md "Updates").
 */
export async function cancelBookedTickets(tx: Tx, orderId: string, ticketIds: readonly string[], now: Date) {
  const released = ticketIds.length
    ? await tx
        .updateTable('ticket')
        .set({ state: 'cancelled' })
        .where('ticket_order_id', '=', orderId)
        .where('id', 'in', [...ticketIds])
        .where('state', '=', 'booked')
        .returning(['id', 'event_session_id', 'ticket_group_id', 'counts_session'])
        .execute()
    : [];
  await giveBackTickets(tx, released);
  await releaseCodesOfCancelledOrder(tx, orderId);
  await noteTicketsChanged(tx, orderId, released.map((t) => t.id), now);
  return released;
}
