import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { knownOffset } from './zone-offsets.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export { dayjs, type Dayjs };

/** docs/events.md#limits date formats. */
export const DATE_TIME_FORMAT = 'ddd, MMM D, YYYY [at] h:mm A';
export const DATE_FORMAT = 'ddd, MMM D, YYYY';
export const TIME_FORMAT = 'h:mm A';
export const ISO_DATE = 'YYYY-MM-DD';

/** docs/accounts.md#my-account date formats, for the screens after the sale (order complete and tickets, manage, My Account, memberships). */
export const ORDER_DATE_FORMAT = 'ddd, MMMM D YYYY';
export const ORDER_DATE_TIME_FORMAT = 'ddd, MMMM D YYYY [at] h:mm A';
/** docs/checkout.md#limits LONGER_DATE: the weekday and month in full. */
export const LONGER_DATE_FORMAT = 'dddd, MMMM D, YYYY';

/**
 * Today's date (YYYY-MM-DD) in a timezone (UTC for an unknown one): from the zone's known offset
 * (zone-offsets.ts), else through one Intl formatter per zone (dayjs' tz() builds a new one on
 * every call, and the event page asks on every render).
 */
export function todayIn(tz: string, now: Date = new Date()): string {
  const offset = knownOffset(tz, now.getTime());
  if (offset !== undefined) return new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  const parts = dayFormatter(tz).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(tz: string): Intl.DateTimeFormat {
  let found = dayFormatters.get(tz);
  if (!found) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: tz });
    } catch {
      found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    dayFormatters.set(tz, found);
  }
  return found;
}

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

/**
 * dayjs' tz() formats the instant through Intl on every call, the event page's costliest script
 * on a phone (a time per session, again on every render): ISO strings are converted once. Dayjs
 * values are immutable, so sharing them is safe.
 */
const zoned = new Map<string, Dayjs>();
const ZONED_MAX = 2_000;

/** An instant shown in a timezone; an unknown timezone falls back to UTC rather than crashing. */
export function safeTz(value: Dayjs | string | Date, tz: string): Dayjs {
  if (typeof value !== 'string') return convert(value, tz);
  const key = `${value}|${tz}`;
  let hit = zoned.get(key);
  if (!hit) {
    if (zoned.size >= ZONED_MAX) zoned.clear();
    hit = convert(value, tz);
    zoned.set(key, hit);
  }
  return hit;
}

function convert(value: Dayjs | string | Date, tz: string): Dayjs {
  const d = dayjs.isDayjs(value) ? value : dayjs(value);
  const offset = knownOffset(tz, d.valueOf());
  if (offset !== undefined) return atOffset(d, offset, tz);
  try {
    return d.tz(tz);
  } catch {
    return d.utc();
  }
}

/**
 * What d.tz(tz) answers, built as the timezone plugin builds it but from an offset known without
 * Intl (zone-offsets.ts): the wall-clock time read as local time and kept at that offset (UTC mode
 * for 0), named with its zone (the plugin's startOf/endOf read the name).
 */
function atOffset(d: Dayjs, offset: number, tz: string): Dayjs {
  const wallClock = new Date(d.valueOf() + offset * 60_000).toISOString().slice(0, 23);
  const zoned = offset === 0 ? d.utc() : dayjs(wallClock).utcOffset(offset, true);
  (zoned as Dayjs & { $x: { $timezone?: string } }).$x.$timezone = tz;
  return zoned;
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
