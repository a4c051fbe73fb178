import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A session longer than this counts as all-day (000 §9) and stays on sale until it ends. */
const ALL_DAY_MS = 5 * 60 * 60 * 1000;

/** capacity + oversell − used, never below 0; -1 when unlimited (000 §3). */
export function availableCapacity(s: { capacity: number; oversell_capacity: number; used_capacity: number }): number {
  if (s.capacity === -1) return -1;
  return Math.max(0, s.capacity + s.oversell_capacity - s.used_capacity);
}

export function hasRoomFor(s: { capacity: number; oversell_capacity: number; used_capacity: number }, quantity: number): boolean {
  const available = availableCapacity(s);
  return available === -1 || available >= quantity;
}

/** Timed sessions sell until they start; all-day ones until they end. */
export function isOnSale(s: { start_datetime: string; end_datetime: string }, now: Date): boolean {
  const start = Date.parse(s.start_datetime);
  const end = Date.parse(s.end_datetime);
  return end - start > ALL_DAY_MS ? end > now.getTime() : start > now.getTime();
}


export function localTime(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('HH:mm');
}

export function localDate(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('YYYY-MM-DD');
}

/** UTC bounds [start, end) of a venue-local calendar day. */
export function dayBounds(date: string, tz: string): { start: string; end: string } {
  const start = dayjs.tz(`${date} 00:00`, tz);
  return { start: start.toISOString(), end: start.add(1, 'day').toISOString() };
}

export { dayjs };
