import type { ZoneOffsets } from '@foyer/contracts/constants';
import { localDate, zoneOrUtc } from '@foyer/contracts/rules';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// The browser's venue-zone arithmetic (docs/events.md#data: instants shown as the venue's clock
// reads them): today's date and instants zoned for display, from the offsets the server put in the
// event page's HTML shell when they cover the instant, else through Intl (docs/performance.md).

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR = 3_600_000;

interface Table {
  from: number;
  to: number;
  /** Each segment's end (ms; Infinity for the last) and offset. */
  segments: { until: number; offsetMinutes: number }[];
}

const tables = new Map<string, Table>();

/**
 * Keeps a zone's offsets from the event page's HTML shell (contracts ZoneOffsets): with them the
 * page's first render turns instants into venue-local dates without Intl, whose first use is the
 * costliest script of the page on a phone. A table that does not read as one is ignored.
 */
export function seedZoneOffsets(zone: string, offsets: Partial<ZoneOffsets> | null | undefined): boolean {
  const from = Date.parse(offsets?.from ?? '');
  const to = Date.parse(offsets?.to ?? '');
  const given = offsets?.segments;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !Array.isArray(given) || given.length === 0) return false;
  const segments = given.map((s) => ({ until: s.until === null ? Infinity : Date.parse(s.until), offsetMinutes: s.offsetMinutes }));
  if (segments.some((s) => Number.isNaN(s.until) || !Number.isFinite(s.offsetMinutes))) return false;
  tables.set(zone, { from, to, segments });
  return true;
}

/**
 * The zone's UTC offset (minutes) at an instant, when a table covers it; undefined otherwise. The
 * hour before an offset change is left to Intl too: the server finds a change to the hour (the
 * first whole UTC hour with the new offset), and a few zones change on the half hour.
 */
export function knownOffset(zone: string, ms: number): number | undefined {
  const table = tables.get(zone);
  if (!table || ms < table.from || ms >= table.to) return undefined;
  for (const segment of table.segments) {
    if (ms < segment.until) return segment.until - ms <= HOUR ? undefined : segment.offsetMinutes;
  }
  return undefined;
}

/** Forgets every table (tests). */
export function clearZoneOffsets(): void {
  tables.clear();
}

/**
 * Today's date (YYYY-MM-DD) in a timezone (UTC for an unknown one): from the zone's known offset,
 * else through the venue clock of @foyer/contracts/rules (one Intl formatter per zone; dayjs' tz()
 * builds a new one on every call, and the event page asks on every render).
 */
export function todayIn(tz: string, now: Date = new Date()): string {
  const offset = knownOffset(tz, now.getTime());
  if (offset !== undefined) return new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  return localDate(now.toISOString(), zoneOrUtc(tz));
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
 * Intl: the wall-clock time read as local time and kept at that offset (UTC mode for 0), named
 * with its zone (the plugin's startOf/endOf read the name).
 */
function atOffset(d: Dayjs, offset: number, tz: string): Dayjs {
  const wallClock = new Date(d.valueOf() + offset * 60_000).toISOString().slice(0, 23);
  const zoned = offset === 0 ? d.utc() : dayjs(wallClock).utcOffset(offset, true);
  (zoned as Dayjs & { $x: { $timezone?: string } }).$x.$timezone = tz;
  return zoned;
}
