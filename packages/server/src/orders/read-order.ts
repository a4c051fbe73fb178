import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { orderOfSeller } from './orders.repository.js';

/** GET ticket_order/{id}: the order, to its buyer only. */
export async function readOwnOrder(db: Db, input: { sellerId: string; identity: Identity | null; orderId: string }) {
  const order = await orderOfSeller(db, input.sellerId, input.orderId);
  if (!order) throw new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');
  if (!input.identity || input.identity.id !== order.identity_id) throw new AppError(403, 'scope_error', 'This order belongs to someone else.', 'ticket_order');
  return order;
}
