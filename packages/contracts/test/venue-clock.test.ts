import { describe, expect, it } from 'vitest';
import { endOfLocalDay, localDate, localDateTime, localTime, offsetSegments, zoneOffsetMs, zoneOrUtc } from '../src/rules/venue-clock.js';

/** What Intl itself shows on the zone's clock at the instant, "YYYY-MM-DD HH:mm". */
function intlClock(iso: string, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('the venue clock (docs/events.md#data)', () => {
  it('venue-local dates and times follow daylight saving, in both hemispheres', () => {
    expect([localDate('2026-03-08T06:59:00Z', 'America/New_York'), localTime('2026-03-08T06:59:00Z', 'America/New_York')]).toEqual(['2026-03-08', '01:59']);
    expect(localTime('2026-03-08T07:00:00Z', 'America/New_York')).toBe('03:00');
    expect(localTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('01:30');
    expect(localTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('01:30');
    expect([localDate('2026-01-01T13:30:00Z', 'Pacific/Auckland'), localTime('2026-01-01T13:30:00Z', 'Pacific/Auckland')]).toEqual(['2026-01-02', '02:30']);
    expect(localTime('2026-06-01T12:00:00Z', 'Asia/Kolkata')).toBe('17:30');
  });

  it('writes the wall clock with its offset', () => {
    expect(localDateTime('2026-11-24T15:00:00.000Z', 'America/New_York')).toBe('2026-11-24T10:00:00-05:00');
    expect(localDateTime('2026-11-24T04:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-24T10:00:00+05:30');
    expect(localDateTime('2026-11-24T10:00:00.000Z', 'UTC')).toBe('2026-11-24T10:00:00+00:00');
  });

  it('agrees with Intl through a change on the half hour (St. John’s, Lord Howe), minute by minute', () => {
    // St. John's springs forward at 02:00 NST (05:30 UTC); Lord Howe at 02:00 (15:30 UTC).
    for (const [tz, from] of [['America/St_Johns', '2026-03-08T04:00:00Z'], ['Australia/Lord_Howe', '2026-10-03T14:00:00Z']] as const) {
      for (let m = 0; m < 180; m += 5) {
        const iso = new Date(Date.parse(from) + m * 60_000).toISOString();
        expect(`${localDate(iso, tz)} ${localTime(iso, tz)}`, `${tz} ${iso}`).toBe(intlClock(iso, tz));
      }
    }
  });

  it('gives the last millisecond of the local day, 23 or 25 hours after its start on a DST change', () => {
    expect(new Date(endOfLocalDay('2026-03-08T12:00:00Z', 'America/New_York') + 1).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(endOfLocalDay('2026-11-01T12:00:00Z', 'America/New_York') + 1).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('splits a year into segments where the offset changes (to the hour)', () => {
    expect(offsetSegments('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', 'America/New_York')).toEqual([
      { until: '2026-03-08T07:00:00.000Z', offsetMinutes: -300 },
      { until: '2026-11-01T06:00:00.000Z', offsetMinutes: -240 },
      { until: null, offsetMinutes: -300 },
    ]);
    expect(offsetSegments('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', 'Asia/Kolkata')).toEqual([{ until: null, offsetMinutes: 330 }]);
  });

  it('refuses a zone Intl does not know; zoneOrUtc reads it as UTC', () => {
    expect(() => zoneOffsetMs(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(zoneOrUtc('Mars/Olympus')).toBe('UTC');
    expect(zoneOrUtc('Europe/Paris')).toBe('Europe/Paris');
  });
});
