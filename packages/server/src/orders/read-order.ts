import { ORDER_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { hit, LIMITS, peek, rateLimited } from '../rate-limit/rate-limit.js';
import { orderOfKey } from './order-access-key.js';
import { ordersOpenedTo, type OrderRow } from './orders.repository.js';

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

const notFound = () => new AppError(404, 'not_found', ORDER_TEXT.notFound, 'ticket_order');

/**
 * The orders of these ids that the caller may read, oldest first; the others are left out, as ids
 * of no order are. An order opens to its buyer only: the identity that bought it (its browser, or
 * the account named purchaser, once logged in — `boughtBy`), or a manage link's key (issued for one
 * order; keys that open nothing are counted per IP, so keys cannot be guessed). An order id alone grants nothing.
 */
export async function readOwnOrders(db: Db, input: Omit<OrderAccess, 'orderId'> & { orderIds: string[] }): Promise<{ orders: OrderRow[]; expiredKey: boolean }> {
  let keyed: Awaited<ReturnType<typeof orderOfKey>> = null;
  if (input.key) {
    // Only keys that open nothing count: a page sends its buyer's key with every read (the order,
    // each QR code, the wallet), and those must never lock the buyer out; guesses all miss.
    const now = input.now ?? new Date();
    const ip = input.ip ?? 'unknown';
    const room = await peek(db, LIMITS.orderKeyIp, ip, now);
    if (!room.allowed) throw rateLimited(room.retryAfter);
    keyed = await orderOfKey(db, input.key, input.now);
    if (!keyed) await hit(db, LIMITS.orderKeyIp, ip, now);
  }
  const opened = keyed?.opens === 'open' && input.orderIds.includes(keyed.orderId) ? keyed.orderId : null;
  const orders = await ordersOpenedTo(db, input.sellerId, input.orderIds, { identityId: input.identity?.id ?? null, keyedOrderId: opened });
  return { orders, expiredKey: keyed?.opens === 'expired' && input.orderIds.includes(keyed.orderId) };
}

/**
 * One order, to its buyer only (readOwnOrders). Anyone else — no key, a wrong key, another
 * identity — gets the 404 of no order: nothing is revealed, not even that the order exists.
 */
export async function readOwnOrder(db: Db, input: OrderAccess) {
  const { orders, expiredKey } = await readOwnOrders(db, { ...input, orderIds: [input.orderId] });
  if (orders[0]) return orders[0];
  // An expired link says so (its holder had it; nothing new is revealed) and how to get a new one.
  if (expiredKey) throw new AppError(404, 'not_found', ORDER_KEY_EXPIRED, 'ticket_order', { reason: 'key_expired' });
  throw notFound();
}
