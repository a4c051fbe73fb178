import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from '@foyer/contracts/rules';
import { safeTz } from './venue-time.js';

// How dates read (docs/events.md#limits, docs/accounts.md#my-account); which wall clock an
// instant is at the venue is venue-time.ts.

dayjs.extend(utc);
dayjs.extend(customParseFormat);

export const ISO_DATE = 'YYYY-MM-DD';

/** docs/accounts.md#my-account date formats, for the screens after the sale (order complete and tickets, manage, My Account, memberships). */
export const ORDER_DATE_FORMAT = 'ddd, MMMM D YYYY';
export const ORDER_DATE_TIME_FORMAT = 'ddd, MMMM D YYYY [at] h:mm A';
/** docs/checkout.md#limits LONGER_DATE: the weekday and month in full. */
export const LONGER_DATE_FORMAT = 'dddd, MMMM D, YYYY';

/**
 * A calendar date (YYYY-MM-DD) as a UTC dayjs at its midnight. Through Date.UTC: dayjs' custom
 * format parsing costs the event page's date list ~10 ms a render on a phone. Anything else is
 * parsed as before (an invalid date stays invalid).
 */
export function calendarDay(date: string): Dayjs {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? dayjs.utc(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : dayjs.utc(date, ISO_DATE);
}

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no timezone involved). */
export function addDays(date: string, days: number): string {
  return calendarDay(date).add(days, 'day').format(ISO_DATE);
}

export function formatDateTime(iso: string, tz: string): string {
  return safeTz(iso, tz).format(DATE_TIME_FORMAT);
}

export function formatTime(iso: string, tz: string): string {
  return safeTz(iso, tz).format(TIME_FORMAT);
}

/** An instant in the after-sale date-and-time format (docs/after-sale.md#screens), venue-local. */
export function formatOrderDateTime(iso: string, tz: string): string {
  return safeTz(iso, tz).format(ORDER_DATE_TIME_FORMAT);
}

/** A calendar date (YYYY-MM-DD) in the after-sale date format (docs/after-sale.md#screens). */
export function formatOrderDate(date: string): string {
  return calendarDay(date).format(ORDER_DATE_FORMAT);
}

/** An instant's venue-local day in the LONGER_DATE format (docs/checkout.md#limits), then its time. */
export function formatLongerDateTime(iso: string, tz: string): string {
  return safeTz(iso, tz).format(`${LONGER_DATE_FORMAT} [at] ${TIME_FORMAT}`);
}

/** A calendar date (YYYY-MM-DD) in the date-only format. */
export function formatDate(date: string): string {
  return calendarDay(date).format(DATE_FORMAT);
}

/** "HH:mm" → "HHmm" (0000–2400) for threshold comparisons; null when not a time. */
export function toHHmm(time: string | null | undefined): string | null {
  const match = /^(\d{1,2}):?(\d{2})/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}${match[2]}`;
}

/** Valid "HH:mm" (24-hour). */
export function isTimeOfDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
