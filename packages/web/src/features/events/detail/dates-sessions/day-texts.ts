import type { TCalendarDay, TTicketType } from '@foyer/contracts';
import type { PriceDisplay } from '../../../../config/config.js';
import { en, format } from '../../../../i18n/en.js';
import type { Availability } from './date-selection.js';
import { pickerPriceText, showsPriceOn } from '../price-format.js';

/** The texts of a day shared by the date buttons and the calendar (docs/events.md#the-event-page, docs/events.md#limits). */

export function availabilityText(availability: Availability): string {
  if (availability.kind === 'sold_out') return en.dates.soldOut;
  if (availability.kind === 'low') return format(en.dates.remaining, { count: availability.remaining });
  return en.dates.available;
}

/**
 * The price line of a day (docs/events.md#limits price display): 'From $12', the calendar's prefix ('Adults $12')
 * and the secondary type of web.price_display ('Adults $12 · Children $6'); 'Free'; empty when
 * the display mode hides prices on days.
 */
export function dayPriceText(day: TCalendarDay, currency: string, display: PriceDisplay, typeById: (id: string) => Pick<TTicketType, 'currency_amount'> | undefined = () => undefined): string {
  if (!showsPriceOn(display, 'date') || day.min_price === null) return '';
  return pickerPriceText({ amount: day.min_price, prefix: day.pricePrefix }, display, currency, typeById);
}
