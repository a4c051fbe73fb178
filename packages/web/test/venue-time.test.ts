import { afterEach, describe, expect, it } from 'vitest';
import type { ZoneOffsets } from '@foyer/contracts/constants';
import dayjs from 'dayjs';
import { formatTime } from '../src/lib/dates.js';
import { clearZoneOffsets, knownOffset, safeTz, seedZoneOffsets, todayIn } from '../src/lib/venue-time.js';

const HOUR = 3_600_000;
const FROM = Date.parse('2026-01-01T00:00:00.000Z');
const TO = Date.parse('2027-01-01T00:00:00.000Z');

/** A zone's offset at an instant through Intl, minute-exact (the test's own reference). */
function intlOffset(zone: string, ms: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const at = Math.floor(ms / 60_000) * 60_000;
  return (Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute) - at) / 60_000;
}

/** The table as the server writes it: each change found to the hour (the first whole UTC hour with the new offset). */
function tableOf(zone: string): ZoneOffsets {
  const segments: ZoneOffsets['segments'] = [];
  let offset = intlOffset(zone, FROM);
  for (let at = FROM + HOUR; at < TO; at += HOUR) {
    const next = intlOffset(zone, at);
    if (next !== offset) segments.push({ until: new Date(at).toISOString(), offsetMinutes: offset });
    offset = next;
  }
  segments.push({ until: null, offsetMinutes: offset });
  return { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString(), segments };
}

// DST either side of the equator, half-hour and 45-minute offsets, a 30-minute DST shift, changes on the half hour, none.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'];

/** What the page reads off a zoned value: its text with the offset, its clock, its day's bounds. */
const reading = (d: dayjs.Dayjs) => [d.format('ddd, MMM D, YYYY [at] h:mm A Z'), d.hour(), d.minute(), d.startOf('day').valueOf(), d.endOf('day').valueOf()];

/** Instants through the year: every 23 hours and 13 minutes, plus each side of every offset change. */
function instantsOf(table: ZoneOffsets): number[] {
  const out: number[] = [];
  for (let at = FROM; at < TO; at += 23 * HOUR + 13 * 60_000) out.push(at);
  for (const s of table.segments) if (s.until) for (const d of [-HOUR - 60_000, -HOUR, -30 * 60_000, 0, 30 * 60_000]) out.push(Date.parse(s.until) + d);
  return out;
}

describe("the event page's zone offsets (no Intl on its first render)", () => {
  afterEach(() => clearZoneOffsets());

  it.each(ZONES)('%s: every venue-local date, time and day bound is what Intl says, in any browser time zone', (zone) => {
    const table = tableOf(zone);
    const instants = instantsOf(table);
    const iso = (ms: number) => new Date(ms + 1).toISOString(); // a fresh key for safeTz's memo per pass
    const browserZone = process.env.TZ;
    try {
      for (const browser of ['UTC', 'America/Chicago', 'Europe/Berlin']) {
        process.env.TZ = browser;
        clearZoneOffsets();
        const viaIntl = instants.map((ms) => reading(dayjs(ms).tz(zone)));
        const todaysViaIntl = instants.map((ms) => todayIn(zone, new Date(ms)));
        expect(seedZoneOffsets(zone, table)).toBe(true);
        const covered = instants.filter((ms) => knownOffset(zone, ms) !== undefined).length;
        expect(covered, 'the table answers for most of the year').toBeGreaterThan(instants.length * 0.9);
        expect(instants.map((ms) => reading(safeTz(dayjs(ms), zone))), `browser in ${browser}`).toEqual(viaIntl);
        expect(instants.map((ms) => todayIn(zone, new Date(ms)))).toEqual(todaysViaIntl);
        expect(safeTz(iso(instants[3]), zone).format('HH:mm')).toBe(dayjs(instants[3] + 1).tz(zone).format('HH:mm'));
      }
    } finally {
      process.env.TZ = browserZone;
    }
  });

  it("answers only inside the table, never in the hour before a change, and not for another zone; a table that does not read is ignored", () => {
    const table = tableOf('America/New_York');
    seedZoneOffsets('America/New_York', table);
    const change = Date.parse(table.segments[0].until!); // 2026-03-08 07:00Z, found to the hour
    expect(change).toBe(Date.parse('2026-03-08T07:00:00.000Z'));
    expect(knownOffset('America/New_York', change - HOUR - 1)).toBe(-300);
    expect(knownOffset('America/New_York', change - HOUR)).toBeUndefined();
    expect(knownOffset('America/New_York', change - 1)).toBeUndefined();
    expect(knownOffset('America/New_York', change)).toBe(-240);
    expect(knownOffset('America/New_York', FROM - 1)).toBeUndefined();
    expect(knownOffset('America/New_York', TO)).toBeUndefined();
    expect(knownOffset('Europe/London', FROM + HOUR)).toBeUndefined();
    expect(seedZoneOffsets('Europe/Paris', { from: 'soon', to: table.to, segments: table.segments })).toBe(false);
    expect(seedZoneOffsets('Europe/Paris', { ...table, segments: [] })).toBe(false);
    expect(seedZoneOffsets('Europe/Paris', { ...table, segments: [{ until: 'later', offsetMinutes: 60 }] })).toBe(false);
    expect(knownOffset('Europe/Paris', FROM + HOUR)).toBeUndefined();
  });
});

describe('safeTz', () => {
  it('converts an ISO instant once per zone (the same immutable value after), each zone its own', () => {
    const iso = '2026-03-08T07:30:00.000Z'; // the morning New York moves to daylight time
    expect(safeTz(iso, 'America/New_York')).toBe(safeTz(iso, 'America/New_York'));
    expect(safeTz(iso, 'America/New_York').format('YYYY-MM-DD HH:mm')).toBe('2026-03-08 03:30');
    expect(safeTz(iso, 'Europe/London').format('YYYY-MM-DD HH:mm')).toBe('2026-03-08 07:30');
    // Derived values do not change the shared one.
    expect(safeTz(iso, 'America/New_York').add(1, 'day').format('YYYY-MM-DD')).toBe('2026-03-09');
    expect(formatTime(iso, 'America/New_York')).toBe('3:30 AM');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(safeTz('2026-06-01T12:00:00.000Z', 'Nowhere/Special').format('HH:mm')).toBe('12:00');
  });
});

describe('todayIn', () => {
  it("is the zone's calendar date either side of its midnight, the same as the zoned instant's date", () => {
    const beforeMidnight = new Date('2026-06-02T03:59:00.000Z'); // 23:59 on June 1 in New York
    const afterMidnight = new Date('2026-06-02T04:00:00.000Z');
    expect(todayIn('America/New_York', beforeMidnight)).toBe('2026-06-01');
    expect(todayIn('America/New_York', afterMidnight)).toBe('2026-06-02');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T10:00:00.000Z'))).toBe('2027-01-01');
    for (const at of [beforeMidnight, afterMidnight, new Date('2026-03-08T07:30:00.000Z')]) {
      expect(todayIn('Asia/Kolkata', at)).toBe(safeTz(at, 'Asia/Kolkata').format('YYYY-MM-DD'));
    }
  });

  it('is the UTC date for an unknown zone', () => {
    expect(todayIn('Nowhere/Special', new Date('2026-06-01T23:30:00.000Z'))).toBe('2026-06-01');
    expect(todayIn('Nowhere/Special', new Date('2026-06-02T00:30:00.000Z'))).toBe('2026-06-02');
  });
});
