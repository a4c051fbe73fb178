import type { Tx } from '../db/database.js';
import { takeCapacity } from '../cart/take-capacity.js';

/**
 * A payment that succeeded after its hold expired: the sweeper gave the tickets' capacity back,
 * so it is taken again by the same takeCapacity as reserving (DESIGN §4). Returns false
 * when any of it is gone; the caller then rolls the transaction back (nothing half-taken stays).
 */
export async function reholdTickets(tx: Tx, cartId: string, ticketIds: string[]): Promise<boolean> {
  if (!ticketIds.length) return false;
  const tickets = await tx
    .selectFrom('ticket')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .select(['ticket.id', 'ticket.event_session_id', 'ticket.ticket_group_id', 'ticket.counts_session', 'ticket_group.capacity', 'ticket_group.oversell_capacity'])
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.id', 'in', ticketIds)
    .where('ticket.state', '=', 'cancelled')
    .execute();
  if (tickets.length !== ticketIds.length) return false;
  const taken = await takeCapacity(
    tx,
    tickets.map((t) => ({ ...t, groupLimit: t.capacity === -1 ? -1 : t.capacity + t.oversell_capacity })),
  );
  if (!('sessions' in taken)) return false;
  await tx.updateTable('ticket').set({ state: 'held' }).where('cart_id', '=', cartId).where('id', 'in', ticketIds).where('state', '=', 'cancelled').execute();
  return true;
}
