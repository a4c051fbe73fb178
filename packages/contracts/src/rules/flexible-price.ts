import { toMinor } from '../money.js';

/**
 * Flexible price (docs/events.md#field-rules): required, a positive decimal with at most 2 fractional digits, inside
 * [currency_amount_min, currency_amount_max]. Callers turn the problem into their own words.
 */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

export type FlexiblePriceProblem = 'required' | 'decimals' | 'outside';

export function isFlexiblePrice(type: { currency_amount_min: unknown; currency_amount_max: unknown }): boolean {
  return type.currency_amount_min !== null && type.currency_amount_min !== undefined && type.currency_amount_max !== null && type.currency_amount_max !== undefined;
}

/** The chosen amount in minor units, or why it is refused. min and max are minor units. */
export function checkFlexibleAmount(raw: unknown, minMinor: number, maxMinor: number): { minor: number } | { problem: FlexiblePriceProblem } {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!text) return { problem: 'required' };
  if (!AMOUNT.test(text)) return { problem: 'decimals' };
  const minor = toMinor(text);
  if (minor <= 0 || minor < minMinor || minor > maxMinor) return { problem: 'outside' };
  return { minor };
}
