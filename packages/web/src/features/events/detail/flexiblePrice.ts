import { toMinor, type TTicketType } from '@foyer/contracts';
import { en } from '../../../i18n/en.js';

/**
 * Flexible price (000 §5): a number, step 0.01, between currency_amount_min and
 * currency_amount_max ('Value entered is outside min/max'), a positive decimal with at most 2
 * fractional digits, required.
 */
export const FLEXIBLE_PRICE_STEP = '0.01';
const AMOUNT = /^\d+(\.\d{1,2})?$/;

export function isFlexiblePrice(type: Pick<TTicketType, 'currency_amount_min' | 'currency_amount_max'>): boolean {
  return type.currency_amount_min !== null && type.currency_amount_max !== null;
}

/** The error text for an entered amount, or null when it is valid. */
export function flexiblePriceError(text: string, min: string, max: string): string | null {
  const value = text.trim();
  if (!value) return en.quantities.amountRequired;
  if (!AMOUNT.test(value)) return en.quantities.amountDecimals;
  const minor = toMinor(value);
  if (minor <= 0 || minor < toMinor(min) || minor > toMinor(max)) return en.quantities.amountOutside;
  return null;
}

/** The amount pre-filled in the field: the type's price unless it is 0 (nothing pre-filled). */
export function initialFlexibleAmount(type: Pick<TTicketType, 'currency_amount'>): string {
  try {
    return toMinor(type.currency_amount) > 0 ? type.currency_amount : '';
  } catch {
    return '';
  }
}

/** "12.5" → "12.50" for the wire. */
export function normaliseAmount(text: string): string {
  const minor = toMinor(text.trim());
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
