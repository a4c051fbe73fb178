import { createHash } from 'node:crypto';
import type { TPayBody } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { paymentByIdempotencyKey } from '../payments/public.js';

/** JSON with keys sorted at every level: equal requests give equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  return value;
}

/**
 * What an Idempotency-Key is bound to: the cart, amount, gateway and gateway data. The captcha
 * answer is left out (a new one comes with every click). Stored as sha256, not the request.
 */
export function payFingerprint(cartId: string, body: TPayBody, amountMinor: number): string {
  const request = { cart: cartId, amount: amountMinor, gateway: body.gateway_id, data: canonical(body.gateway_data) };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export function idempotencyKeyReused(): AppError {
  return new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different payment request. Use a new key for a new request.', 'payment');
}

/**
 * Attempts that ended without keeping money (declined, abandoned at 3-D Secure, refused late and
 * refunded): the same request under their key is a new attempt. Others are still in progress
 * (processing, confirmed, unknown) or succeeded (replayed).
 */
export const RETRYABLE_PAYMENT_STATES = ['failed', 'requires_action', 'refund_pending', 'refunding', 'refunded'];

/** The key a retried attempt hands the gateway: Stripe would replay the earlier failure for the same key. */
export const gatewayKeyOfRetry = (key: string, paymentId: string) => `${key}:${paymentId}`;

/**
 * The attempt an Idempotency-Key already names, checked as the pay call checks it: another cart's
 * or another request's key is refused, one still in progress is refused; a succeeded one is
 * returned to replay, a retryable one to be retried (its record keeps a derived key). Null: a new key.
 */
export async function earlierAttempt(db: Tx, key: string, cartId: string, fingerprint: string) {
  const earlier = await paymentByIdempotencyKey(db, key);
  if (!earlier) return null;
  if (earlier.cart_id !== cartId || (earlier.request_fingerprint !== null && earlier.request_fingerprint !== fingerprint)) throw idempotencyKeyReused();
  if (earlier.status !== 'succeeded' && !RETRYABLE_PAYMENT_STATES.includes(earlier.status)) throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'payment');
  return earlier;
}
