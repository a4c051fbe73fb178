import type { ZoneOffsetSegment } from '@foyer/contracts/constants';
import { ALL_DAY_MS } from '@foyer/contracts/rules';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What availability is worked out from; `sale_closed` when the row says (a session staff closed for sale). */
export type SessionRoomFields = { capacity: number; oversell_capacity: number; used_capacity: number; sale_closed?: number };

/**
 * capacity + oversell − used, never below 0; -1 when unlimited (docs/events.md#data). A session staff closed
 * for sale has none left, whatever its figures (docs/box-office.md, Sessions): reserving refuses it
 * as sold out, so every read shows it so.
 */
export function availableCapacity(s: SessionRoomFields): number {
  if (s.sale_closed) return 0;
  if (s.capacity === -1) return -1;
  return Math.max(0, s.capacity + s.oversell_capacity - s.used_capacity);
}

export function hasRoomFor(s: SessionRoomFields, quantity: number): boolean {
  const available = availableCapacity(s);
  return available === -1 || available >= quantity;
}

/** Timed sessions sell until they start; all-day ones until they end. */
export function isOnSale(s: { start_datetime: string; end_datetime: string }, now: Date): boolean {
  const start = Date.parse(s.start_datetime);
  const end = Date.parse(s.end_datetime);
  return end - start > ALL_DAY_MS ? end > now.getTime() : start > now.getTime();
}


// dayjs' timezone plugin builds an Intl formatter per call, far too slow for a calendar of a
// thousand sessions. Offsets change at most on the hour, so one lookup per zone and UTC hour is
// cached (bounded) and wall-clock times are computed from it.
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const HOUR = 3_600_000;

function offsetMs(ms: number, tz: string): number {
  const key = `${tz}|${Math.floor(ms / HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let f = formatters.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      formatters.set(tz, f);
    }
    const p: Record<string, string> = {};
    const at = Math.floor(ms / HOUR) * HOUR;
    for (const part of f.formatToParts(new Date(at))) p[part.type] = part.value;
    offset = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - at;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** A stretch of time with one UTC offset: from the previous segment's end (or the start) until `until` (exclusive; null = on). */
export type OffsetSegment = ZoneOffsetSegment;

/**
 * The zone's UTC offsets over [fromIso, toIso]: one segment per offset in force, split where the
 * offset changes (found to the hour). A venue's sessions a year ahead cross a few changes at most.
 */
export function offsetSegments(fromIso: string, toIso: string, tz: string): OffsetSegment[] {
  const end = Date.parse(toIso);
  const segments: OffsetSegment[] = [];
  let at = Math.floor(Date.parse(fromIso) / HOUR) * HOUR;
  let offset = offsetMs(at, tz);
  const DAY = 24 * HOUR;
  while (at <= end) {
    const next = at + DAY;
    if (offsetMs(next, tz) !== offset) {
      // The change lies in (at, next]: step to the first hour with the new offset.
      let change = at + HOUR;
      while (offsetMs(change, tz) === offset) change += HOUR;
      segments.push({ until: new Date(change).toISOString(), offsetMinutes: offset / 60_000 });
      offset = offsetMs(change, tz);
      at = change;
      continue;
    }
    at = next;
  }
  segments.push({ until: null, offsetMinutes: offset / 60_000 });
  return segments;
}

/** Venue-local wall clock of an instant as "YYYY-MM-DDTHH:mm". */
function wallClock(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + offsetMs(ms, tz)).toISOString().slice(0, 16);
}

/** Venue wall-clock time of an instant with its UTC offset, e.g. "2026-11-24T10:00:00-05:00". */
export function localDateTime(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  const offset = offsetMs(ms, tz);
  const minutes = Math.abs(offset) / 60_000;
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${offset < 0 ? '-' : '+'}${hhmm}`;
}

/** Venue-local "HH:mm" of an instant. */
export function localTime(iso: string, tz: string): string {
  return wallClock(iso, tz).slice(11);
}

/** Venue-local "YYYY-MM-DD" of an instant. */
export function localDate(iso: string, tz: string): string {
  return wallClock(iso, tz).slice(0, 10);
}

/** UTC bounds [start, end) of a venue-local calendar day. */
export function dayBounds(date: string, tz: string): { start: string; end: string } {
  // Each bound from its own wall-clock midnight: a day with a DST change is 23 or 25 hours long.
  const next = dayjs(date).add(1, 'day').format('YYYY-MM-DD');
  return { start: dayjs.tz(`${date} 00:00`, tz).toISOString(), end: dayjs.tz(`${next} 00:00`, tz).toISOString() };
}

export { dayjs };
