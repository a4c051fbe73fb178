import type { Tx } from '../db/database.js';
import { retakeMemberAllowances } from '../membership/take-member-allowance.js';
import { cancelledTicketsWithGroupLimits, reholdCancelledTickets } from '../cart/public.js';
import { takeCapacity } from '../cart/take-capacity.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { retakeCodeUses } from '../promotions/public.js';

/**
 * A payment that succeeded after its hold expired: the sweeper gave the tickets' capacity back,
 * so it is taken again by the same takeCapacity as reserving (docs/architecture.md#inventory-never-oversell), with the member
 * allowances and the codes' uses the sweeper gave back. Returns false
 * when any of it is gone; the caller then rolls the transaction back (nothing half-taken stays).
 */
export async function reholdTickets(tx: Tx, cartId: string, ticketIds: string[], now: Date = new Date()): Promise<boolean> {
  if (!ticketIds.length) return false;
  const tickets = await cancelledTicketsWithGroupLimits(tx, cartId, ticketIds);
  if (tickets.length !== ticketIds.length) return false;
  const taken = await takeCapacity(tx, tickets.map((t) => ({ ...t, groupLimit: t.capacity === -1 ? -1 : t.capacity + t.oversell_capacity })));
  if (!('sessions' in taken)) return false;
  if (!(await retakeMemberAllowances(tx, { cartId, ticketIds, now }))) return false;
  // The codes' uses too: the price paid was the discounted one (a code used up meanwhile refuses).
  if (!(await retakeCodeUses(tx, cartId))) return false;
  try {
    await reholdCancelledTickets(tx, cartId, ticketIds);
  } catch (error) {
    // A seat of these tickets was sold to someone else meanwhile (the live-seat unique index).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
