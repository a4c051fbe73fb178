import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, formatInZone, zonedInstant, zoneOffsets, zoneOffsetsOf } from '../src/time/venue-time.js';

describe('venue time (docs/events.md#data)', () => {
  it('gives the UTC bounds of a local day, 23 or 25 hours long on a DST change', () => {
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    expect(dayBounds('2026-11-01', 'America/New_York')).toEqual({ start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z' });
  });

  it('turns a venue wall-clock time into its instant', () => {
    expect(zonedInstant('2026-06-01', '09:30', 'Europe/Paris')).toBe('2026-06-01T07:30:00.000Z');
    expect(zonedInstant('2026-12-01', '09:30', 'Europe/Paris')).toBe('2026-12-01T08:30:00.000Z');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('formats an instant as the venue clock reads it; ISO with the offset by default', () => {
    expect(formatInZone('2026-11-24T15:00:00.000Z', 'America/New_York', 'ddd, MMM D, YYYY [at] h:mm A')).toBe('Tue, Nov 24, 2026 at 10:00 AM');
    expect(formatInZone(new Date('2026-06-01T14:00:00.000Z'), 'America/New_York')).toBe('2026-06-01T10:00:00-04:00');
  });

  it('tables a zone’s offsets from yesterday (UTC) for the event page, leaving out unknown zones', () => {
    const table = zoneOffsets('America/New_York', new Date('2026-06-01T12:00:00Z'));
    expect(table?.from).toBe('2026-05-31T00:00:00.000Z');
    expect(table?.segments[0]).toEqual({ until: '2026-11-01T06:00:00.000Z', offsetMinutes: -240 });
    expect(Object.keys(zoneOffsetsOf(['America/New_York', 'Mars/Olympus', 'America/New_York'], new Date('2026-06-01T12:00:00Z')))).toEqual(['America/New_York']);
  });
});
