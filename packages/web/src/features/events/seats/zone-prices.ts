import { toMinor } from '@foyer/contracts/constants';
import type { PriceGroup } from '../../../shared/events/model.js';
import { priceText } from '../detail/price-format.js';

/** A seated group's prices as one text: "$18.00" or "$12.00–$18.00" (the zone's prices, docs/seating.md#3-storefront group filters). */
export function groupPriceText({ types }: PriceGroup, currency: string): string {
  const amounts = types.map(({ type }) => type.discounted_amount ?? type.currency_amount).filter((a): a is string => !!a);
  if (!amounts.length) return '';
  const sorted = [...amounts].sort((a, b) => toMinor(a) - toMinor(b));
  const low = priceText(sorted[0], currency);
  const high = priceText(sorted[sorted.length - 1], currency);
  return low === high ? low : `${low}–${high}`;
}
