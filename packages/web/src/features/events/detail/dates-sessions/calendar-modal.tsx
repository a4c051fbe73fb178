import type { TCalendarDay, TMessageRule } from '@foyer/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { en } from '../../../../i18n/en.js';
import { calendarDay } from '../../../../lib/dates.js';
import { ChevronLeft, ChevronRight } from '../../../../ui/icons.js';
import { Modal } from '../../../../ui/modal.js';
import { addMonths, dayAvailability, monthGrid, monthOf, monthRange, moveFocus, relativeDay, upcomingDays } from './date-selection.js';
import { availabilityText, dayPriceText } from './day-texts.js';
import { dateTexts } from '../message-rules.js';
import type { EventDisplay } from '../use-event-display.js';

export interface CalendarModalProps {
  open: boolean;
  onClose: () => void;
  onSelect: (date: string) => void;
  days: TCalendarDay[];
  today: string;
  selected: string | null;
  /** How a day's availability and price show. */
  display: Pick<EventDisplay, 'currency' | 'threshold' | 'prices'>;
  rules: TMessageRule[];
  priceOf?: (day: TCalendarDay) => string;
}

/** The 'Choose date' calendar (docs/events.md#the-event-page, docs/events.md#limits): a 6×7 month grid over the available months. */
export function CalendarModal(props: CalendarModalProps) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={en.dates.modalTitle}>
      <CalendarGrid {...props} />
    </Modal>
  );
}

function CalendarGrid({ onSelect, days, today, selected, display, rules, priceOf }: CalendarModalProps) {
  const { currency, prices, threshold } = display;
  const headingId = useId();
  const byDate = useMemo(() => new Map(upcomingDays(days, today).map((d) => [d.date, d])), [days, today]);
  const range = useMemo(() => monthRange(days, today), [days, today]);
  const annotations = useMemo(() => [...new Set([...byDate.keys()].flatMap((date) => dateTexts(rules, 'date_annotation', date)))], [byDate, rules]);
  const firstAvailable = useMemo(() => [...byDate.values()].find((d) => d.status === 'available')?.date ?? null, [byDate]);

  // With no upcoming day at all (no range), the grid opens on today's month.
  const start = selected && byDate.has(selected) ? selected : (firstAvailable ?? (range ? `${range.first}-01` : today));
  const [month, setMonth] = useState(() => monthOf(start));
  const [focused, setFocused] = useState(start);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moveByKeyboard = useRef(false);

  useEffect(() => {
    if (!moveByKeyboard.current) return;
    moveByKeyboard.current = false;
    buttons.current.get(focused)?.focus();
  }, [focused, month]);

  if (!range) return <p>{en.dates.noDates}</p>;

  const inRange = (m: string) => m >= range.first && m <= range.last;
  const goToMonth = (next: string) => {
    if (!inRange(next)) return;
    setMonth(next);
    const candidate = [...byDate.values()].find((d) => monthOf(d.date) === next && d.status === 'available')?.date ?? `${next}-01`;
    setFocused(candidate);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveFocus(focused, event.key);
    if (!next) return;
    event.preventDefault();
    if (!inRange(monthOf(next))) return;
    moveByKeyboard.current = true;
    setMonth(monthOf(next));
    setFocused(next);
  };

  const label = (date: string) => {
    const parts = [calendarDay(date).format('dddd, MMMM D, YYYY')];
    const relative = relativeDay(date, today);
    if (relative) parts.push(relative === 'today' ? en.dates.today : en.dates.tomorrow);
    const day = byDate.get(date);
    if (!day) parts.push(en.dates.unavailable);
    else {
      const availability = dayAvailability(day, threshold);
      parts.push(availabilityText(availability));
      const price = availability.kind !== 'sold_out' ? (priceOf ? priceOf(day) : dayPriceText(day, currency, prices)) : '';
      if (price) parts.push(price);
      parts.push(...dateTexts(rules, 'date_annotation', date));
    }
    return parts.join(', ');
  };

  const weeks = monthGrid(month);
  const monthTitle = calendarDay(`${month}-01`).format('MMMM YYYY');

  return (
    <div className="calendar">
      <div className="calendar__nav">
        <button
          type="button"
          className="icon-button"
          aria-label={en.dates.previousMonth}
          disabled={!inRange(addMonths(month, -1))}
          onClick={() => goToMonth(addMonths(month, -1))}
        >
          <ChevronLeft />
        </button>
        <h3 id={headingId} className="calendar__month" aria-live="polite">
          {monthTitle}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={en.dates.nextMonth}
          disabled={!inRange(addMonths(month, 1))}
          onClick={() => goToMonth(addMonths(month, 1))}
        >
          <ChevronRight />
        </button>
      </div>
      <table className="calendar__grid" role="grid" aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {en.dates.weekdays.map((short, i) => (
              <th key={short} scope="col" abbr={en.dates.weekdaysLong[i]}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map(({ date, inMonth }) => {
                if (!inMonth) return <td key={date} role="gridcell" />;
                const day = byDate.get(date);
                const availability = day ? dayAvailability(day, threshold) : null;
                const selectable = availability !== null && availability.kind !== 'sold_out';
                const isSelected = selected === date;
                const relative = relativeDay(date, today);
                const annotated = selectable && dateTexts(rules, 'date_annotation', date).length > 0;
                const classes = ['calendar__day'];
                if (selectable) classes.push('calendar__day--available');
                if (availability?.kind === 'sold_out') classes.push('calendar__day--sold-out');
                if (isSelected) classes.push('calendar__day--selected');
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected}>
                    <button
                      ref={(el) => {
                        if (el) buttons.current.set(date, el);
                        else buttons.current.delete(date);
                      }}
                      type="button"
                      className={classes.join(' ')}
                      tabIndex={date === focused ? 0 : -1}
                      data-autofocus={date === focused || undefined}
                      aria-disabled={!selectable || undefined}
                      data-date={date}
                      onFocus={() => setFocused(date)}
                      onClick={() => {
                        if (selectable) onSelect(date);
                      }}
                    >
                      <span className="visually-hidden">{label(date)}</span>
                      <span className="calendar__day-number" aria-hidden="true">
                        {Number(date.slice(8))}
                      </span>
                      {relative && (
                        <span className="calendar__day-note" aria-hidden="true">
                          {relative === 'today' ? en.dates.today : en.dates.tomorrow}
                        </span>
                      )}
                      {annotated && <span className="calendar__day-dot" aria-hidden="true" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__legend" aria-hidden="true">
        <span className="legend-available">{en.dates.available}</span>
        <span className="legend-sold-out">{en.dates.soldOut}</span>
        {annotations.length > 0 && <span className="legend-annotated">{annotations.join(', ')}</span>}
      </p>
    </div>
  );
}
