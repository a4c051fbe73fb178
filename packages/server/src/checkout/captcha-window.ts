import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { CaptchaVerifier } from './captcha.js';
import { updateCartRow } from '../cart/public.js';
import { captchaUntilOfCart } from './checkout.repository.js';

/** How long one passing captcha answer keeps a cart's checkout open (docs/payments.md "Captcha and terms"). */
export const CAPTCHA_WINDOW_MS = 15 * 60_000;

/**
 * docs/payments.md#captcha-and-terms's invisible captcha, for non-members, checked before anything is claimed or charged. One
 * passing answer opens the checkout of that cart for CAPTCHA_WINDOW_MS (its `captcha_until`), so
 * a second payment method, a wallet payment or a declined card tried again needs no second answer;
 * a call that continues an attempt this cart already made — the 3-D Secure continuation naming
 * its intent, or the same Idempotency-Key again — needs none either (`continuing`), since that
 * attempt passed the captcha. Refused: 400 validation_failed in context "captcha".
 */
export async function passCaptcha(db: Db, input: { captcha: CaptchaVerifier | null | undefined; member: boolean; cartId: string; token: string | undefined; ip: string; now: Date; continuing: boolean }): Promise<void> {
  if (!input.captcha || input.member || input.continuing) return;
  const nowIso = input.now.toISOString();
  const cart = await captchaUntilOfCart(db, input.cartId);
  if (cart?.captcha_until && cart.captcha_until > nowIso) return;
  if (!(input.token && (await input.captcha.verify(input.token, input.ip)))) {
    throw new AppError(400, 'validation_failed', 'Please complete the captcha and try again.', 'captcha');
  }
  // Only a cart that exists opens (an unknown id is refused later by the ownership check).
  await updateCartRow(db, input.cartId, { captcha_until: new Date(input.now.getTime() + CAPTCHA_WINDOW_MS).toISOString() });
}
