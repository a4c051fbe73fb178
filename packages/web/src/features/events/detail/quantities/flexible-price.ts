import { toMinor } from '@foyer/contracts/constants';
import type { TTicketType } from '@foyer/contracts';
import { checkFlexibleAmount } from '@foyer/contracts/rules';
import { en } from '../../../../i18n/en.js';

/**
 * Flexible price (docs/events.md#field-rules): a number, step 0.01, between currency_amount_min and
 * currency_amount_max ('Value entered is outside min/max'), a positive decimal with at most 2
 * fractional digits, required (the rule: contracts/src/rules/flexible-price.ts).
 */
export const FLEXIBLE_PRICE_STEP = '0.01';

/** The error text for an entered amount, or null when it is valid. */
export function flexiblePriceError(text: string, min: string, max: string): string | null {
  const checked = checkFlexibleAmount(text, toMinor(min), toMinor(max));
  if (!('problem' in checked)) return null;
  return { required: en.quantities.amountRequired, decimals: en.quantities.amountDecimals, outside: en.quantities.amountOutside }[checked.problem];
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
