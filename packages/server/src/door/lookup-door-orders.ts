import { DOOR_LOOKUP_LIMIT, type TDoorOrder } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { ticketsOfSessionMatching } from './door.repository.js';
import { personOf, seatLabel } from './door-result.js';

/**
 * GET door/sessions/{id}/lookup?q=: for a visitor without their code, the orders with tickets for
 * this session whose number, buyer or admit name contains the text (docs/door.md).
 */
export async function lookupDoorOrders(db: Db, input: { sellerId: string; sessionId: string; text: string }): Promise<TDoorOrder[]> {
  const tickets = await ticketsOfSessionMatching(db, input.sellerId, input.sessionId, input.text, DOOR_LOOKUP_LIMIT);
  const orders = new Map<string, TDoorOrder>();
  for (const t of tickets) {
    if (!t.ticket_order_id) continue;
    let order = orders.get(t.ticket_order_id);
    if (!order) {
      const buyer = `${t.purchaser_first ?? t.owner_first ?? ''} ${t.purchaser_last ?? t.owner_last ?? ''}`.trim() || null;
      orders.set(t.ticket_order_id, (order = { id: t.ticket_order_id, order_number: t.order_number ?? '', buyer_name: buyer, tickets: [] }));
    }
    const live = t.state === 'booked' || t.state === 'in_cart';
    order.tickets.push({
      id: t.id,
      scan_code: t.scan_code,
      state: t.state === 'redeemed' ? 'admitted' : live ? 'booked' : 'cancelled',
      name: personOf(t),
      ticket_type_name: t.type_name,
      seat: seatLabel(t),
      admitted_at: t.redeemed_at,
    });
  }
  return [...orders.values()];
}
