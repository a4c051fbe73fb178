import type { TMembershipCartItem } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { itemsOfTickets } from './membership.repository.js';

/** The cart document's `membership_item` siblings (joined to tickets by ticket_id). */
export async function membershipItemsOut(db: Tx, tickets: { id: string; ticket_type_id: string; handler: string }[]): Promise<TMembershipCartItem[]> {
  const membershipTickets = tickets.filter((t) => t.handler === 'membership');
  const typeOf = new Map(membershipTickets.map((t) => [t.id, t.ticket_type_id]));
  const items = await itemsOfTickets(db, membershipTickets.map((t) => t.id));
  return items.map((i) => ({ id: i.ticket_id, ticket_id: i.ticket_id, ticket_type_id: typeOf.get(i.ticket_id)!, renew_membership_id: i.renew_membership_id, members: JSON.parse(i.members) }));
}
