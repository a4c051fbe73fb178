import { toMinor } from '@foyer/contracts/constants';
import { en } from '../i18n/en.js';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}:${whole}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      });
    } catch {
      found = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2 });
    }
    formatters.set(key, found);
  }
  return found;
}

/**
 * A wire amount ("12.50") as money text in the seller's currency: "$12.50", whole amounts "$12".
 * 0 shows as "Free" (000 §5) unless `zeroAsFree` is false.
 */
export function formatMoney(amount: string | null | undefined, currency: string, options: { zeroAsFree?: boolean } = {}): string {
  if (amount === null || amount === undefined || amount === '') return '';
  let minor: number;
  try {
    minor = toMinor(amount);
  } catch {
    return '';
  }
  if (minor === 0 && options.zeroAsFree !== false) return en.event.free;
  return formatter(currency, minor % 100 === 0).format(minor / 100);
}
