import { toMinor } from '@foyer/contracts/constants';
import { en } from '../i18n/en.js';

/**
 * Money as text, the one place (docs/events.md#field-rules): "$12.50", whole amounts "$12", "-$3", 0 as "Free". Written
 * out rather than through Intl.NumberFormat, whose first use costs a phone ~100 ms of main thread
 * (docs/performance.md), with the text en-US Intl gives.
 */

export interface MoneyParts {
  /** '-' for a negative amount, else ''. */
  sign: string;
  /** The currency symbol ('$', '€', 'CA$'); the code when the runtime has none. */
  symbol: string;
  /** Whole units with grouping ('1,250'). */
  integer: string;
  /** Two digits, or '' for a whole amount. */
  fraction: string;
  /** The amount is 0: shown as free. */
  free: boolean;
}

/** The symbols en-US Intl gives the usual currencies, known without it; any other currency asks Intl, once. */
const symbols = new Map<string, string>(
  Object.entries({ USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$', NZD: 'NZ$', JPY: '¥', CNY: 'CN¥', INR: '₹', MXN: 'MX$', BRL: 'R$', HKD: 'HK$', KRW: '₩', ILS: '₪', TWD: 'NT$' }),
);

export function currencySymbol(currency: string): string {
  let found = symbols.get(currency);
  if (found === undefined) {
    try {
      found = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
    } catch {
      found = currency;
    }
    symbols.set(currency, found);
  }
  return found;
}

/** Whole units with en-US grouping ('1,250'). */
const grouped = (units: number) => String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A wire amount split into its parts; null when it is not an amount. */
export function moneyParts(amount: string | null | undefined, currency: string): MoneyParts | null {
  if (amount === null || amount === undefined || amount === '') return null;
  let minor: number;
  try {
    minor = toMinor(amount);
  } catch {
    return null;
  }
  const abs = Math.abs(minor);
  return {
    sign: minor < 0 ? '-' : '',
    symbol: currencySymbol(currency),
    integer: grouped(Math.floor(abs / 100)),
    fraction: abs % 100 === 0 ? '' : String(abs % 100).padStart(2, '0'),
    free: minor === 0,
  };
}

/**
 * A wire amount ("12.50") as money text in the seller's currency; '' when it is not an amount.
 * 0 shows as "Free" (docs/events.md#field-rules) unless `zeroAsFree` is false. A symbol that is a code is set apart
 * by a no-break space, as Intl sets it ("CHF 12.50").
 */
export function formatMoney(amount: string | null | undefined, currency: string, options: { zeroAsFree?: boolean } = {}): string {
  const parts = moneyParts(amount, currency);
  if (!parts) return '';
  if (parts.free && options.zeroAsFree !== false) return en.event.free;
  const gap = /[A-Za-z]$/.test(parts.symbol) ? '\u00a0' : '';
  return `${parts.sign}${parts.symbol}${gap}${parts.integer}${parts.fraction ? `.${parts.fraction}` : ''}`;
}
