import type { TMembershipCartItem } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { itemsOfTickets } from './membership.repository.js';
import { giftById } from './gifts/gift.repository.js';
import { mustExist } from '../must-exist.js';

/** The cart document's `membership_item` siblings (joined to tickets by ticket_id). */
export async function membershipItemsOut(db: Tx, tickets: { id: string; ticket_type_id: string; handler: string }[]): Promise<TMembershipCartItem[]> {
  const membershipTickets = tickets.filter((t) => t.handler === 'membership');
  const typeOf = new Map(membershipTickets.map((t) => [t.id, t.ticket_type_id]));
  const items = await itemsOfTickets(db, membershipTickets.map((t) => t.id));
  const out: TMembershipCartItem[] = [];
  for (const i of items) {
    // The code shown back to whoever holds the cart that redeems it (rare: one lookup each).
    const redeemCode = i.redeem_gift_id ? ((await giftById(db, i.redeem_gift_id))?.code ?? null) : null;
    out.push({
      id: i.ticket_id,
      ticket_id: i.ticket_id,
      ticket_type_id: mustExist(typeOf.get(i.ticket_id), `ticket type of ticket ${i.ticket_id}`),
      renew_membership_id: i.renew_membership_id,
      gift: i.gift === 1,
      email_giftee_on: i.email_giftee_on,
      redeem_code: redeemCode,
      members: JSON.parse(i.members) as TMembershipCartItem['members'],
    });
  }
  return out;
}
