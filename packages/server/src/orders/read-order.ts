import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { keyOpensOrder } from './order-access-key.js';
import { identityBoughtOrder, orderOfSeller } from './orders.repository.js';

export interface OrderAccess {
  sellerId: string;
  identity: Identity | null;
  orderId: string;
  /** A manage link's key (?key=): opens the order in any browser. */
  key?: string | null;
  ip?: string;
  now?: Date;
}

/** An expired manage link (order-access-key.ts). */
export const ORDER_KEY_EXPIRED = 'This link has expired. Enter your e-mail address on the Resend page to get a new one.';

const notFound = () => new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');

/**
 * An order, to its buyer only: the identity that bought it (its browser, or the account named
 * purchaser, once logged in), or a manage link's key. An order id
 * alone grants nothing; a wrong key reveals nothing (404, as for no order) and keyed reads are
 * limited per IP, so keys cannot be guessed.
 */
export async function readOwnOrder(db: Db, input: OrderAccess) {
  if (input.key) {
    await enforceLimits(db, input.now ?? new Date(), [[LIMITS.orderKeyIp, input.ip ?? 'unknown']]);
    const order = await orderOfSeller(db, input.sellerId, input.orderId);
    const opens = order ? await keyOpensOrder(db, order.id, input.key, input.now) : false;
    // An expired link says so (its holder had it; nothing new is revealed) and how to get a new one.
    if (opens === 'expired') throw new AppError(404, 'not_found', ORDER_KEY_EXPIRED, 'ticket_order', { reason: 'key_expired' });
    if (!order || opens !== 'open') throw notFound();
    return order;
  }
  const order = await orderOfSeller(db, input.sellerId, input.orderId);
  if (!order) throw notFound();
  // The browser that bought it, or the account named purchaser at checkout (logged in since).
  if (!input.identity || !(input.identity.id === order.identity_id || (await identityBoughtOrder(db, order.id, input.identity.id)))) {
    throw new AppError(403, 'scope_error', 'This order belongs to someone else.', 'ticket_order');
  }
  return order;
}
