import type { TCalendarDay } from '@foyer/contracts';
import { useRef, useState } from 'react';
import { en } from '../../../../i18n/en.js';
import { formatDate } from '../../../../lib/dates.js';
import { todayIn } from '../../../../lib/venue-time.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { CalendarIcon } from '../../../../ui/icons.js';
import { CalendarModal } from './calendar-modal.js';
import { dateButtons, dayAvailability, relativeDay } from './date-selection.js';
import { availabilityText, dayPriceText } from './day-texts.js';
import { dateTexts } from '../message-rules.js';
import { useRevealCalendar } from './use-reveal-calendar.js';
import { OptionButton } from './option-button.js';
import { useEventDisplay } from '../use-event-display.js';

export interface DateSelectorProps {
  /** The event: its timezone's today, its display settings, its date_annotation rules (badges on matching days). */
  detail: EventDetail;
  days: TCalendarDay[];
  selected: string | null;
  onSelect: (date: string) => void;
  /** The price line of a day instead of the default (quantity-first: the total for the quantities). */
  priceOf?: (day: TCalendarDay) => string;
  /** The dates open after the buyer's own step: under 40 % in view, the page brings them in. */
  reveal?: boolean;
}

/**
 * Date selector (docs/events.md#the-event-page): up to 8 date buttons (long date, availability, price, badges), then
 * 'Show more dates', which opens the 'Choose date' calendar for the whole range.
 */
export function DateSelector({ detail, days, selected, onSelect, priceOf, reveal = false }: DateSelectorProps) {
  const display = useEventDisplay(detail);
  const { currency, threshold } = display;
  const today = todayIn(detail.timezone);
  const rules = detail.messageRules;
  const [calendarOpen, setCalendarOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  useRevealCalendar(list, reveal);
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
      <ul ref={list} className="date-list" aria-label={en.dates.listLabel}>
        {visible.map((day) => {
          const availability = dayAvailability(day, threshold);
          const soldOut = availability.kind === 'sold_out';
          const relative = relativeDay(day.date, today);
          const price = priceOf ? priceOf(day) : dayPriceText(day, currency, display.prices);
          const badges = dateTexts(rules, 'date_annotation', day.date);
          return (
            <li key={day.date}>
              <OptionButton className="date-button" pressed={selected === day.date} soldOut={soldOut} data={{ 'data-date': day.date }} onChoose={() => onSelect(day.date)}>
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
              </OptionButton>
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
        display={display}
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
