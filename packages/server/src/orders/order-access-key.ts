import { randomToken, tokenHash } from '../auth/tokens.js';
import type { Tx } from '../db/database.js';
import { insertOrderKey, lastDatesOfOrder, orderKeyByHash } from './order-access-key.repository.js';

const DAY = 86_400_000;
/** A manage key opens its order until this many days after the order's last session (or last instalment). */
export const ORDER_KEY_DAYS_AFTER_LAST_SESSION = 30;
/** Keys of orders with no dated session, and keys issued before expiry existed (0020): a year from issue. */
export const ORDER_KEY_DEFAULT_DAYS = 365;

/**
 * When a key issued now stops opening the order: some days after the later of now, the order's
 * last session and its last instalment's due date — long enough to cancel, reschedule or pay,
 * not forever. A resend (or any order e-mail) issues a fresh key.
 */
async function keyExpiry(tx: Tx, orderId: string, now: Date): Promise<string> {
  const dates = (await lastDatesOfOrder(tx, orderId)).filter((d): d is string => typeof d === 'string').map((d) => Date.parse(d));
  if (!dates.length) return new Date(now.getTime() + ORDER_KEY_DEFAULT_DAYS * DAY).toISOString();
  return new Date(Math.max(now.getTime(), ...dates) + ORDER_KEY_DAYS_AFTER_LAST_SESSION * DAY).toISOString();
}

/** A new manage-link key to an order (each order e-mail gets a fresh one); only its hash is kept. */
export async function issueOrderKey(tx: Tx, orderId: string, now: Date): Promise<string> {
  const key = randomToken();
  await insertOrderKey(tx, { key_hash: tokenHash(key), ticket_order_id: orderId, created_at: now.toISOString(), expires_at: await keyExpiry(tx, orderId, now) });
  return key;
}

/** The order a key was issued for, and whether it opens it now (looked up by its hash: nothing to compare in time). */
export async function orderOfKey(db: Tx, key: string, now = new Date()): Promise<{ orderId: string; opens: 'open' | 'expired' } | null> {
  if (key.length > 100) return null;
  const row = await orderKeyByHash(db, tokenHash(key));
  if (!row) return null;
  const expires = row.expires_at ?? new Date(Date.parse(row.created_at) + ORDER_KEY_DEFAULT_DAYS * DAY).toISOString();
  return { orderId: row.ticket_order_id, opens: expires > now.toISOString() ? 'open' : 'expired' };
}

/** Whether a key opens this order now, or did once. */
export async function keyOpensOrder(db: Tx, orderId: string, key: string, now = new Date()): Promise<'open' | 'expired' | false> {
  const keyed = await orderOfKey(db, key, now);
  return keyed?.orderId === orderId ? keyed.opens : false;
}

/** The manage link an order e-mail carries (docs/after-sale.md#screens /manage/{id}). */
export const manageUrl = (publicUrl: string, orderId: string, key: string) => `${publicUrl}/manage/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}`;

/** The tickets link an order e-mail carries (docs/checkout.md#order-complete /checkout/complete): its key opens the order's reads and QR code. */
export const ticketsUrl = (publicUrl: string, orderId: string, key: string) => `${publicUrl}/checkout/complete?orderIds=${encodeURIComponent(orderId)}&key=${encodeURIComponent(key)}`;
