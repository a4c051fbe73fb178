import type { TCalendarDay, TMessageRule, TTicketType } from '@foyer/contracts';
import { useState } from 'react';
import type { PriceDisplay } from '../../../config/config.js';
import { en, format } from '../../../i18n/en.js';
import { formatDate } from '../../../lib/dates.js';
import { pickerPriceText, showsPriceOn } from './priceFormat.js';
import { CalendarIcon } from '../../../ui/icons.js';
import { CalendarModal } from './CalendarModal.js';
import { dateButtons, dayAvailability, relativeDay, type Availability } from './dateSelection.js';
import { dateTexts } from './messageRules.js';

export interface DateSelectorProps {
  days: TCalendarDay[];
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
  currency: string;
  threshold: number;
  priceDisplay: PriceDisplay;
  /** Message rules: date_annotation texts become badges on matching days. */
  rules: TMessageRule[];
  /** The price line of a day instead of the default (quantity-first: the total for the quantities). */
  priceOf?: (day: TCalendarDay) => string;
}

export function availabilityText(availability: Availability): string {
  if (availability.kind === 'sold_out') return en.dates.soldOut;
  if (availability.kind === 'low') return format(en.dates.remaining, { count: availability.remaining });
  return en.dates.available;
}

/**
 * The price line of a day (000 §9 price display): 'From $12', the calendar's prefix ('Adults $12')
 * and the secondary type of web.price_display ('Adults $12 · Children $6'); 'Free'; empty when
 * the display mode hides prices on days.
 */
export function dayPriceText(day: TCalendarDay, currency: string, display: PriceDisplay, typeById: (id: string) => Pick<TTicketType, 'currency_amount'> | undefined = () => undefined): string {
  if (!showsPriceOn(display, 'date') || day.min_price === null || day.min_price === undefined) return '';
  return pickerPriceText({ amount: day.min_price, prefix: day.pricePrefix }, display, currency, typeById);
}

/**
 * Date selector (000 §2): up to 8 date buttons (long date, availability, price, badges), then
 * 'Show more dates', which opens the 'Choose date' calendar for the whole range.
 */
export function DateSelector({ days, today, selected, onSelect, currency, threshold, priceDisplay, rules, priceOf }: DateSelectorProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { visible, hasMore } = dateButtons(days, today);

  if (!visible.length) {
    return (
      <p className="notice" role="status">
        {en.dates.noDates}
      </p>
    );
  }

  return (
    <>
      <ul className="date-list" aria-label={en.dates.listLabel}>
        {visible.map((day) => {
          const availability = dayAvailability(day, threshold);
          const soldOut = availability.kind === 'sold_out';
          const relative = relativeDay(day.date, today);
          const price = priceOf ? priceOf(day) : dayPriceText(day, currency, priceDisplay);
          const badges = dateTexts(rules, 'date_annotation', day.date);
          return (
            <li key={day.date}>
              <button
                type="button"
                className="date-button"
                aria-pressed={selected === day.date}
                aria-disabled={soldOut || undefined}
                data-date={day.date}
                onClick={() => {
                  if (!soldOut) onSelect(day.date);
                }}
              >
                {(relative || badges.length > 0) && (
                  <span className="date-button__badges">
                    {relative && <span className="badge">{relative === 'today' ? en.dates.today : en.dates.tomorrow}</span>}
                    {badges.map((text) => (
                      <span key={text} className="badge badge--accent">
                        {text}
                      </span>
                    ))}
                  </span>
                )}
                <span className="date-button__date">{formatDate(day.date)}</span>
                <span className={availability.kind === 'low' ? 'date-button__low' : 'date-button__meta'}>{availabilityText(availability)}</span>
                {price && !soldOut && <span className="date-button__price">{price}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <div className="date-actions">
          <button type="button" className="button button--secondary" onClick={() => setCalendarOpen(true)} aria-haspopup="dialog">
            <CalendarIcon />
            {en.dates.showMore}
          </button>
        </div>
      )}
      <CalendarModal
        open={calendarOpen}
        onClose={() => setCalendarOpen(false)}
        days={days}
        today={today}
        selected={selected}
        currency={currency}
        priceDisplay={priceDisplay}
        threshold={threshold}
        rules={rules}
        priceOf={priceOf}
        onSelect={(date) => {
          setCalendarOpen(false);
          onSelect(date);
        }}
      />
    </>
  );
}
