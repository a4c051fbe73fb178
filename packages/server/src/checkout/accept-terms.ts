import { createHash } from 'node:crypto';
import { AppError } from '../http/app-error.js';
import { TERMS_NOT_ACCEPTED_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { sellerConfigValue } from '../config/public.js';
import { updateCartRow } from '../cart/public.js';
import { sellerMeta } from './checkout.repository.js';

/**
 * The seller's terms (docs/payments.md "Captcha and terms"): the `web.checkout_terms` text, or
 * else the `links.terms` address of the seller's meta. Answers the sha256 of what the buyer is
 * shown (the version accepted), or null when the seller has no terms.
 */
export async function sellerTermsHash(tx: Tx, sellerId: string): Promise<string | null> {
  const text = await sellerConfigValue(tx, sellerId, 'web', 'checkout_terms');
  let terms = typeof text === 'string' && text.trim() ? text : null;
  if (!terms) {
    const seller = await sellerMeta(tx, sellerId);
    const links = (JSON.parse(seller?.meta ?? '{}') as { links?: Record<string, unknown> }).links;
    terms = typeof links?.terms === 'string' && /^https?:\/\//.test(links.terms) ? links.terms : null;
  }
  return terms === null ? null : createHash('sha256').update(terms).digest('hex');
}

/**
 * docs/payments.md#captcha-and-terms terms at the pay call, enforced: when the seller has terms the call must carry
 * `terms_accepted: true` (else 400 `terms_not_accepted`, nothing claimed); the acceptance — when,
 * and the hash of the terms — is kept on the cart in the claiming transaction, and the order it
 * books copies it (orders/book-order.ts).
 */
export async function acceptTerms(tx: Tx, cart: { id: string; seller_id: string }, accepted: boolean | undefined, nowIso: string): Promise<void> {
  const hash = await sellerTermsHash(tx, cart.seller_id);
  if (hash === null) return;
  if (accepted !== true) throw new AppError(400, 'terms_not_accepted', TERMS_NOT_ACCEPTED_TEXT, 'payment', { field: 'terms_accepted' });
  await updateCartRow(tx, cart.id, { terms_accepted_at: nowIso, terms_hash: hash });
}
