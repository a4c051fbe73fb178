import { PROMO_CODE_MAX, PROMO_CODE_MIN } from '@foyer/contracts/constants';
import type { TCart, TCartModOut, TCartPromoCode } from '@foyer/contracts';
import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';

/** Promo-code rules of the storefront (docs/promotions.md#applying-codes), pure. */

export { PROMO_CODE_MAX, PROMO_CODE_MIN };

/** Trimmed; apply is disabled below 2 characters (docs/promotions.md#applying-codes). */
export const canApply = (text: string) => text.trim().length >= PROMO_CODE_MIN;

/** docs/promotions.md#applying-codes promo validation codes: their server text is shown at the field. */
const PROMO_CODES = new Set(['code_exhausted', 'code_not_found', 'additional_info_validation_failed', 'validation_failed', 'invalid_citypass', 'citypass_failure', 'no_code_benefit', 'duplicate_code', 'rate_limited', 'incorrect_cart_state', 'cart_expired', 'cart_already_booked']);

/**
 * The inline text for a refused code (docs/promotions.md#applying-codes): the server's description for the promo validation
 * codes; an unknown code without one reads '{code} is not a valid promo code.'; anything else
 * 'Sorry. Please try again later.'
 */
export function promoErrorText(error: unknown, code: string): string {
  if (!isApiError(error)) return en.errors.tryLater;
  if (error.code === 'code_not_found' && (!error.description || error.description === en.errors.unexpected)) return `${code.trim().toUpperCase()} ${en.promo.notValid}`;
  if (PROMO_CODES.has(error.code)) return error.description;
  return en.errors.tryLater;
}

/** docs/promotions.md#applying-codes: a reserve refused for want of a code (rule_blocks_reserve, block_reason code_required). */
export function codeRequiredOf(error: unknown): { description: string } | null {
  if (!isApiError(error) || error.code !== 'rule_blocks_reserve') return null;
  const extra = error.extra as { block_reason?: unknown } | null;
  return extra?.block_reason === 'code_required' ? { description: error.description } : null;
}

/** docs/promotions.md#applying-codes: invalid_citypass or code_exhausted on a reserve with vouchers: the server's text, for the city-pass field. */
export function citypassRefusalOf(error: unknown): string | null {
  return isApiError(error) && (error.code === 'invalid_citypass' || error.code === 'code_exhausted') ? error.description : null;
}

/** A `?code=` value as a code to send (trimmed, upper-cased), or null when it cannot be one (docs/promotions.md#applying-codes: 2..35). */
export const linkCodeOf = (raw: string | null | undefined): string | null => {
  const text = raw?.trim() ?? '';
  return canApply(text) && text.length <= PROMO_CODE_MAX ? text.toUpperCase() : null;
};

/** The codes a buyer typed (default codes are the seller's, not removable). */
export const typedCodes = (cart: TCart): TCartPromoCode[] => (cart.promo_codes ?? []).filter((c) => c.phase !== 'default');

/** Modifiers that took money off, and the one (if any) that blocks checkout (docs/promotions.md#applying-codes blocked cart). */
export const discountsOf = (cart: TCart): TCartModOut[] => (cart.cartmods ?? []).filter((m) => !m.blocking_checkout);
export const blockingOf = (cart: TCart): TCartModOut | null => (cart.cartmods ?? []).find((m) => m.blocking_checkout) ?? null;

/** docs/promotions.md#applying-codes blocked cart: a used-up or unknown code adds 'Please try another one.' */
export function blockedCartErrorText(error: unknown, code: string): string {
  const text = promoErrorText(error, code);
  return isApiError(error) && ['code_exhausted', 'code_not_found', 'no_code_benefit'].includes(error.code) ? `${text} ${en.promo.tryAnother}` : text;
}
