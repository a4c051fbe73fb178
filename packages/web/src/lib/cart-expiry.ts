/**
 * A cart's local expiry (docs/cart.md#holds-and-expiry, docs/cart.md#limits): after each cart response it is expires_in minus 5 seconds
 * from when the answer came. The shopping cart's countdown and the change cart of an order being
 * edited both use it.
 */
export const EXPIRY_SAFETY_SECONDS = 5;
/** docs/cart.md#limits: the cart expiry poll. */
export const EXPIRY_POLL_MS = 1000;

/** The local expiry (epoch ms) from a response's expires_in; null when the cart has no expiry. */
export function localExpiry(expiresIn: number | null | undefined, receivedAt: number): number | null {
  if (expiresIn === null || expiresIn === undefined) return null;
  return receivedAt + (expiresIn - EXPIRY_SAFETY_SECONDS) * 1000;
}
