import type { ZoneOffsets } from '@foyer/contracts/constants';
import { offsetSegments } from '@foyer/contracts/rules';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// The server's venue-zone arithmetic (docs/events.md#data: times are stored in UTC and read
// venue-local). What an instant reads on the venue's clock as date, time or offset is
// @foyer/contracts/rules venue-clock.ts (one rule with the browser); here: wall-clock time back to
// an instant, dates in a pattern, and the event page's offset tables.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The instant (ISO-8601 UTC) the venue's clock reads `date` ("YYYY-MM-DD") at `time` ("HH:mm"). */
export function zonedInstant(date: string, time: string, tz: string): string {
  return dayjs.tz(`${date} ${time}`, tz).toISOString();
}

/** UTC bounds [start, end) of a venue-local calendar day. */
export function dayBounds(date: string, tz: string): { start: string; end: string } {
  // Each bound from its own wall-clock midnight: a day with a DST change is 23 or 25 hours long.
  return { start: zonedInstant(date, '00:00', tz), end: zonedInstant(addDays(date, 1), '00:00', tz) };
}

/** Adds days to a "YYYY-MM-DD" date (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * An instant as the venue's clock reads it, in a dayjs format pattern ("ddd, MMM D, YYYY [at]
 * h:mm A"); without one, ISO-8601 with the venue's offset ("2026-11-24T10:00:00-05:00").
 */
export function formatInZone(instant: string | Date, tz: string, pattern?: string): string {
  return dayjs(instant).tz(tz).format(pattern);
}

const DAY = 86_400_000;
/** How far the event page's table reaches: from yesterday (UTC) to about a year and a month ahead. */
const AHEAD_DAYS = 400;
const tables = new Map<string, ZoneOffsets>();

/**
 * A zone's UTC offsets from yesterday for AHEAD_DAYS (the event page's inline block: its dates
 * and times without Intl). One table per zone and UTC day; null for a zone Intl does not know.
 */
export function zoneOffsets(tz: string, now: Date): ZoneOffsets | null {
  const from = Math.floor(now.getTime() / DAY) * DAY - DAY;
  const key = `${tz}|${from}`;
  let table = tables.get(key);
  if (!table) {
    const [fromIso, toIso] = [new Date(from).toISOString(), new Date(from + AHEAD_DAYS * DAY).toISOString()];
    try {
      table = { from: fromIso, to: toIso, segments: offsetSegments(fromIso, toIso, tz) };
    } catch {
      return null;
    }
    if (tables.size >= 100) tables.clear();
    tables.set(key, table);
  }
  return table;
}

/** The offsets of each zone named, leaving out any Intl does not know. */
export function zoneOffsetsOf(zones: Iterable<string>, now: Date): Record<string, ZoneOffsets> {
  const out: Record<string, ZoneOffsets> = {};
  for (const tz of new Set(zones)) {
    const table = zoneOffsets(tz, now);
    if (table) out[tz] = table;
  }
  return out;
}
