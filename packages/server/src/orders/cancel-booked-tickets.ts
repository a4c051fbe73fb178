import type { Tx } from '../db/database.js';
import { giveBackTickets } from '../cart/release-tickets.js';
import { releaseCodesOfCancelledOrder } from '../promotions/release-order-codes.js';
import { noteTicketsChanged } from '../wallet/note-pass-changes.js';
import { cancelBookedOrderTickets } from './orders.repository.js';

/**
 * Cancels these tickets of an order that are still booked, and gives back what they held
 * (capacity, seats, allowances, code uses) exactly once: a ticket another request cancelled first
 * is not returned, so nothing is given back twice. The buyer's cancel and a staff refund share it.
 * Their installed wallet passes are voided (docs/wallet-passes.md "Updates").
 */
export async function cancelBookedTickets(tx: Tx, orderId: string, ticketIds: readonly string[], now: Date) {
  const released = ticketIds.length ? await cancelBookedOrderTickets(tx, orderId, [...ticketIds]) : [];
  await giveBackTickets(tx, released);
  await releaseCodesOfCancelledOrder(tx, orderId);
  await noteTicketsChanged(tx, orderId, released.map((t) => t.id), now);
  return released;
}
