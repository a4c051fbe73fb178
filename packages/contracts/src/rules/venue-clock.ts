/**
 * What a venue's clock reads at an instant, from the zone's UTC offset (docs/events.md#data:
 * times are stored in UTC and shown venue-local). Intl only, one formatter per zone, offsets
 * cached per zone and UTC hour: a calendar of a thousand sessions asks for a few hours' worth.
 * The server writes session times and the event page's offset tables with it; the browser reads
 * today's date with it when no table covers now; the add-on visit window is built on it.
 */
import type { ZoneOffsetSegment } from '../event-page-reads.js';

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const hourOffsets = new Map<string, number>();

/** One formatter per zone; RangeError for a zone Intl does not know. */
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(tz, f);
  }
  return f;
}

/** The offset (ms) at a whole second, read from the wall clock Intl shows then. */
function offsetAtSecond(second: number, tz: string): number {
  const p: Record<string, string> = {};
  for (const part of formatter(tz).formatToParts(new Date(second))) p[part.type] = part.value;
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - second;
}

function offsetAtHour(hour: number, tz: string): number {
  const key = `${tz}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    offset = offsetAtSecond(hour * HOUR, tz);
    if (hourOffsets.size > 200_000) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The zone's UTC offset (ms) at an instant; RangeError for a zone Intl does not know. The same at
 * both ends of its UTC hour means the same all through it (no zone changes twice in an hour);
 * otherwise (a change inside the hour: on the half hour in St. John's or Lord Howe) Intl is asked
 * at the instant itself.
 */
export function zoneOffsetMs(ms: number, tz: string): number {
  const hour = Math.floor(ms / HOUR);
  const offset = offsetAtHour(hour, tz);
  return offset === offsetAtHour(hour + 1, tz) ? offset : offsetAtSecond(Math.floor(ms / 1000) * 1000, tz);
}

const known = new Map<string, boolean>();

/** The zone itself when Intl knows it, else UTC (what a screen falls back to rather than failing). */
export function zoneOrUtc(tz: string): string {
  let ok = known.get(tz);
  if (ok === undefined) {
    try {
      formatter(tz);
      ok = true;
    } catch {
      ok = false;
    }
    known.set(tz, ok);
  }
  return ok ? tz : 'UTC';
}

/** Venue wall clock of an instant, "YYYY-MM-DDTHH:mm:ss.sss". */
function wallClock(ms: number, tz: string): string {
  return new Date(ms + zoneOffsetMs(ms, tz)).toISOString().slice(0, 23);
}

/** Venue-local "YYYY-MM-DD" of an instant. */
export function localDate(iso: string, tz: string): string {
  return wallClock(Date.parse(iso), tz).slice(0, 10);
}

/** Venue-local "HH:mm" of an instant. */
export function localTime(iso: string, tz: string): string {
  return wallClock(Date.parse(iso), tz).slice(11, 16);
}

/** Venue wall-clock time of an instant with its UTC offset, e.g. "2026-11-24T10:00:00-05:00". */
export function localDateTime(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  const offset = zoneOffsetMs(ms, tz);
  const minutes = Math.abs(offset) / 60_000;
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${offset < 0 ? '-' : '+'}${hhmm}`;
}

/** The last millisecond of the venue-local day of an instant. */
export function endOfLocalDay(iso: string, tz: string): number {
  const date = localDate(iso, tz);
  const wallMidnight = Date.parse(`${date}T00:00:00.000Z`) + 24 * HOUR;
  // The instant whose wall clock reads the next midnight: correct the guess by the zone offset twice (DST).
  let guess = wallMidnight;
  for (let i = 0; i < 2; i++) guess = wallMidnight - zoneOffsetMs(guess, tz);
  return guess - 1;
}

/**
 * The zone's UTC offsets over [fromIso, toIso]: one segment per offset in force, split where the
 * offset changes (found to the UTC hour: the first whole hour with the new offset). A venue's
 * sessions a year ahead cross a few changes at most.
 */
export function offsetSegments(fromIso: string, toIso: string, tz: string): ZoneOffsetSegment[] {
  const end = Date.parse(toIso) / HOUR;
  const segments: ZoneOffsetSegment[] = [];
  let hour = Math.floor(Date.parse(fromIso) / HOUR);
  let offset = offsetAtHour(hour, tz);
  while (hour <= end) {
    const next = hour + 24;
    if (offsetAtHour(next, tz) !== offset) {
      // The change lies in (hour, next]: step to the first hour with the new offset.
      let change = hour + 1;
      while (offsetAtHour(change, tz) === offset) change += 1;
      segments.push({ until: new Date(change * HOUR).toISOString(), offsetMinutes: offset / 60_000 });
      offset = offsetAtHour(change, tz);
      hour = change;
      continue;
    }
    hour = next;
  }
  segments.push({ until: null, offsetMinutes: offset / 60_000 });
  return segments;
}
