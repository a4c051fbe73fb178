// Why: pure texts (chosen tickets, day and session totals) and checks of the quantity-first steps, apart from the flow's state.
import type { TCalendarDay, TEventSession } from '@foyer/contracts';
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { en, format } from '../../../../i18n/en.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { PriceScheduleLine } from './priced-queries.js';
import type { PriceDisplay } from '../../../../config/config.js';
import { priceText, showsPriceOn } from '../price-format.js';
import { typeKey, type Quantities } from '../quantities/quantities.js';
import { groupQuantity } from '../quantities/reservation.js';

/** The chosen quantities in one line ("2 × Adult, 1 × Child") for the done quantities step. */
export function chosenSummary(groups: EventDetail['groups'], quantities: Quantities): string {
  return groups
    .flatMap(({ group, types }) => types.map(({ type }) => ({ q: quantities[typeKey(group.id, type.id)] ?? 0, name: type.name })))
    .filter((line) => line.q > 0)
    .map((line) => format(en.cart.quantityTimes, { count: line.q, type: line.name }))
    .join(', ');
}

/** Whether the details step has any field to fill (attendee fields or a survey) for the chosen tickets. */
export function hasDetails(groups: EventDetail['groups'], quantities: Quantities, needs: ReadonlyMap<string, { name: string; email: string }>, surveys: ReadonlyMap<string, unknown>): boolean {
  for (const { group, types } of groups) {
    if (groupQuantity(quantities, group.id) <= 0) continue;
    if (surveys.has(group.id)) return true;
    for (const { type } of types) {
      const key = typeKey(group.id, type.id);
      const need = needs.get(key);
      if ((quantities[key] ?? 0) > 0 && need && (need.name !== 'none' || need.email !== 'none')) return true;
    }
  }
  return false;
}

/** A day's lowest total for the chosen quantities, where the price display shows it on dates. */
export function dayTotalText(display: PriceDisplay, currency: string, day: TCalendarDay): string {
  return showsPriceOn(display, 'date') && day.min_price ? format(en.flows.totalFor, { price: priceText(day.min_price, currency) }) : '';
}

/** A session's total for the chosen quantities (from the price schedule), where the price display shows it on sessions. */
export function sessionTotalText(display: PriceDisplay, currency: string, schedule: readonly PriceScheduleLine[], s: TEventSession): string | null {
  if (!showsPriceOn(display, 'session')) return null;
  const lines = schedule.filter((l) => l.event_session_id === s.id);
  if (!lines.length) return null;
  return format(en.flows.totalFor, { price: priceText(fromMinor(lines.reduce((n, l) => n + toMinor(l.total), 0)), currency) });
}
