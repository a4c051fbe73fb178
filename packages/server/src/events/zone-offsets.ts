import type { ZoneOffsets } from '@foyer/contracts/constants';
import { offsetSegments } from './session-rules.js';

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
