import type { ZoneOffsets } from '@foyer/contracts/constants';

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
export function seedZoneOffsets(zone: string, offsets: ZoneOffsets): boolean {
  const from = Date.parse(offsets?.from);
  const to = Date.parse(offsets?.to);
  if (!Number.isFinite(from) || !Number.isFinite(to) || !Array.isArray(offsets.segments) || offsets.segments.length === 0) return false;
  const segments = offsets.segments.map((s) => ({ until: s.until === null ? Infinity : Date.parse(s.until), offsetMinutes: s.offsetMinutes }));
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
