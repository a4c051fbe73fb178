import type { TCalendarDay } from '@foyer/contracts';
import { addDays, calendarDay, ISO_DATE } from '../../../../lib/dates.js';

/** Pure rules of the date selector and the calendar modal (docs/events.md#the-event-page, docs/events.md#limits). */

/** docs/events.md#limits: at most 8 date buttons before 'Show more dates'. */
export const MAX_DATE_BUTTONS = 8;
/** docs/events.md#limits: the calendar grid is 6 weeks × 7 days. */
export const CALENDAR_WEEKS = 6;
export const CALENDAR_DAYS_PER_WEEK = 7;

export type DayStatus = TCalendarDay['status'];

/** Days a buyer can see from today on (available or sold out), in date order. */
export function upcomingDays(days: readonly TCalendarDay[], today: string): TCalendarDay[] {
  return days
    .filter((d) => d.date >= today && (d.status === 'available' || d.status === 'sold_out'))
    .slice()
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The date buttons: the first 8 upcoming days, and whether more exist ('Show more dates'). */
export function dateButtons(days: readonly TCalendarDay[], today: string): { visible: TCalendarDay[]; hasMore: boolean } {
  const upcoming = upcomingDays(days, today);
  return { visible: upcoming.slice(0, MAX_DATE_BUTTONS), hasMore: upcoming.length > MAX_DATE_BUTTONS };
}

export type Availability = { kind: 'sold_out' } | { kind: 'low'; remaining: number } | { kind: 'available' };

/** Availability of a day: sold out, 'n available' under the threshold, or available. */
export function dayAvailability(day: TCalendarDay, threshold: number): Availability {
  if (day.status === 'sold_out') return { kind: 'sold_out' };
  const capacity = day.availability?.capacity;
  if (capacity === undefined || capacity < 0) return { kind: 'available' };
  const remaining = Math.max(0, capacity - (day.availability?.used_capacity ?? 0));
  if (remaining === 0) return { kind: 'sold_out' };
  return remaining < threshold ? { kind: 'low', remaining } : { kind: 'available' };
}

/** Today / Tomorrow text of a day (docs/events.md#field-rules), or null. */
export function relativeDay(date: string, today: string): 'today' | 'tomorrow' | null {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return null;
}

/** "YYYY-MM" of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, count: number): string {
  return calendarDay(`${month}-01`).add(count, 'month').format('YYYY-MM');
}

/** The months the calendar can show: from the first to the last month with an upcoming day. */
export function monthRange(days: readonly TCalendarDay[], today: string): { first: string; last: string } | null {
  const upcoming = upcomingDays(days, today);
  if (!upcoming.length) return null;
  const available = upcoming.filter((d) => d.status === 'available');
  const source = available.length ? available : upcoming;
  return { first: monthOf(source[0].date), last: monthOf(source[source.length - 1].date) };
}

/**
 * The 6×7 grid of a month (weeks start on Sunday): 42 dates, with `inMonth` false for the
 * leading and trailing days of the neighbouring months.
 */
export function monthGrid(month: string): { date: string; inMonth: boolean }[][] {
  const first = calendarDay(`${month}-01`);
  const start = first.subtract(first.day(), 'day');
  const weeks: { date: string; inMonth: boolean }[][] = [];
  for (let w = 0; w < CALENDAR_WEEKS; w++) {
    const week: { date: string; inMonth: boolean }[] = [];
    for (let d = 0; d < CALENDAR_DAYS_PER_WEEK; d++) {
      const day = start.add(w * CALENDAR_DAYS_PER_WEEK + d, 'day');
      week.push({ date: day.format(ISO_DATE), inMonth: day.format('YYYY-MM') === month });
    }
    weeks.push(week);
  }
  return weeks;
}

/** Keyboard movement in the calendar grid (arrow keys, Home/End, PageUp/PageDown). */
export function moveFocus(date: string, key: string): string | null {
  const d = calendarDay(date);
  switch (key) {
    case 'ArrowLeft':
      return d.subtract(1, 'day').format(ISO_DATE);
    case 'ArrowRight':
      return d.add(1, 'day').format(ISO_DATE);
    case 'ArrowUp':
      return d.subtract(7, 'day').format(ISO_DATE);
    case 'ArrowDown':
      return d.add(7, 'day').format(ISO_DATE);
    case 'Home':
      return d.subtract(d.day(), 'day').format(ISO_DATE);
    case 'End':
      return d.add(6 - d.day(), 'day').format(ISO_DATE);
    case 'PageUp':
      return d.subtract(1, 'month').format(ISO_DATE);
    case 'PageDown':
      return d.add(1, 'month').format(ISO_DATE);
    default:
      return null;
  }
}
