import { CONFIG, fromMinor, toMinor } from '@foyer/contracts/constants';
import { withOutsideFees } from '@foyer/contracts/rules';
import type { TConfigEntry, TTicketGroup, TTicketType } from '@foyer/contracts';
import { asBoolean, configValue, type PriceDisplay } from '../../../config/config.js';
import { en, format } from '../../../i18n/en.js';
import { formatMoney as priceText } from '../../../lib/money.js';

/**
 * The one place the event screen turns prices into text (docs/events.md#field-rules, docs/events.md#limits): price parts (currency
 * sign, symbol, integer and fraction), 0 as free, a type's price (range, discount), the price
 * display modes and the primary/secondary prefixes of web.price_display.
 */

export { currencySymbol, formatMoney as priceText } from '../../../lib/money.js';

/** Price of a type: flexible range, discounted (with the original), or its amount; 0 is 'Free'. */
export function typePrice(
  type: Pick<TTicketType, 'currency_amount' | 'currency_amount_min' | 'currency_amount_max' | 'discounted_amount'> & Partial<Pick<TTicketType, 'fee_fixed_outside' | 'fee_percent_outside'>>,
  currency: string,
  withFees = false,
): { price: string; original: string | null } {
  // docs/events.md#limits advertise_price_including_fees: each amount shown with the type's outside fees.
  const shown = (amount: string) =>
    withFees ? fromMinor(withOutsideFees(toMinor(amount), { fixedMinor: type.fee_fixed_outside ? toMinor(type.fee_fixed_outside) : null, percent: type.fee_percent_outside })) : amount;
  if (type.currency_amount_min !== null && type.currency_amount_max !== null) {
    return {
      price: format(en.event.priceRange, {
        min: priceText(shown(type.currency_amount_min), currency, { zeroAsFree: false }),
        max: priceText(shown(type.currency_amount_max), currency, { zeroAsFree: false }),
      }),
      original: null,
    };
  }
  const amount = priceText(shown(type.currency_amount), currency);
  if (type.discounted_amount !== null && type.discounted_amount !== type.currency_amount && Number(type.discounted_amount) < Number(type.currency_amount)) {
    return { price: priceText(shown(type.discounted_amount), currency), original: amount };
  }
  return { price: amount, original: null };
}

/** Whether prices are advertised with their fees (web.advertise_price_including_fees, docs/events.md#limits). */
export function advertisesFees(entries: readonly TConfigEntry[]): boolean {
  return asBoolean(configValue(CONFIG.advertisePriceIncludingFees, entries), false);
}

/** The per-order hint of a group ('1 to 4 per order'). */
export function groupHint(group: Pick<TTicketGroup, 'min_tickets_per_order' | 'max_tickets_per_order'>): string | null {
  const min = group.min_tickets_per_order;
  const max = group.max_tickets_per_order;
  if (min && max) return format(en.event.perOrder, { min, max });
  if (min && min > 1) return format(en.event.minPerOrder, { min });
  if (max) return format(en.event.maxPerOrder, { max });
  return null;
}

/** Where prices show under each mode: 'all' on days too; 'sessions_and_tickets' not on days; 'none' only on the ticket rows. */
export function showsPriceOn(display: Pick<PriceDisplay, 'mode'>, where: 'date' | 'session'): boolean {
  if (display.mode === 'all') return true;
  if (display.mode === 'sessions_and_tickets') return where === 'session';
  return false;
}

/** A price with its prefix ('Adults $25'), else 'From $25'; 'Free' stays alone. */
export function prefixedPrice(amount: string | null | undefined, currency: string, prefix: string | null | undefined): string {
  const price = priceText(amount, currency);
  if (!price || price === en.event.free) return price;
  const text = prefix?.trim();
  return text ? `${text} ${price}` : format(en.dates.from, { price });
}

/**
 * The price line of a day or session: the primary price (the calendar's, with its prefix) and,
 * when web.price_display names a secondary ticket type, that type's price with its prefix.
 */
export function pickerPriceText(
  primary: { amount: string | null | undefined; prefix?: string | null },
  display: PriceDisplay,
  currency: string,
  typeById: (id: string) => Pick<TTicketType, 'currency_amount'> | undefined,
): string {
  const parts: string[] = [];
  const main = prefixedPrice(primary.amount, currency, primary.prefix ?? display.primaryPrefix);
  if (main) parts.push(main);
  const secondary = display.secondaryTicketType ? typeById(display.secondaryTicketType) : undefined;
  if (secondary && parts.length) {
    const second = prefixedPrice(secondary.currency_amount, currency, display.secondaryPrefix);
    if (second) parts.push(second);
  }
  return parts.join(' · ');
}

/**
 * The price line of a session (shown under 'all' and 'sessions_and_tickets'): the primary ticket
 * type's price, else the lowest entry price of the event's types, with the prefixes of
 * web.price_display; null when prices are hidden on sessions or there is none.
 */
export function sessionPriceText(
  types: readonly Pick<TTicketType, 'id' | 'currency_amount' | 'currency_amount_min' | 'currency_amount_max'>[],
  display: PriceDisplay,
  currency: string,
): string | null {
  if (!showsPriceOn(display, 'session') || !types.length) return null;
  const entry = (t: (typeof types)[number]) => (t.currency_amount_min !== null && t.currency_amount_max !== null ? t.currency_amount_min : t.currency_amount);
  const primary = display.primaryTicketType ? types.find((t) => t.id === display.primaryTicketType) : undefined;
  let amount = primary ? entry(primary) : null;
  if (amount === null) {
    let lowest: number | null = null;
    for (const t of types) {
      try {
        const minor = toMinor(entry(t));
        if (lowest === null || minor < lowest) {
          lowest = minor;
          amount = entry(t);
        }
      } catch {
        /* not an amount */
      }
    }
  }
  const text = pickerPriceText({ amount }, display, currency, (id) => types.find((t) => t.id === id));
  return text || null;
}
