import { describe, expect, it } from 'vitest';
import { availableCapacity, dayBounds, hasRoomFor, isOnSale, localDate, localTime } from '../src/events/session-rules.js';

describe('session rules', () => {
  it('available capacity = capacity + oversell − used; -1 is unlimited', () => {
    expect(availableCapacity({ capacity: 10, oversell_capacity: 2, used_capacity: 5 })).toBe(7);
    expect(availableCapacity({ capacity: 10, oversell_capacity: 0, used_capacity: 12 })).toBe(0);
    expect(availableCapacity({ capacity: -1, oversell_capacity: 0, used_capacity: 500 })).toBe(-1);
    expect(hasRoomFor({ capacity: -1, oversell_capacity: 0, used_capacity: 5 }, 1000)).toBe(true);
    expect(hasRoomFor({ capacity: 3, oversell_capacity: 0, used_capacity: 1 }, 3)).toBe(false);
  });

  it('timed sessions sell until they start; all-day ones (over 5 hours) until they end', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isOnSale({ start_datetime: '2026-06-01T11:00:00Z', end_datetime: '2026-06-01T13:00:00Z' }, now)).toBe(false);
    expect(isOnSale({ start_datetime: '2026-06-01T09:00:00Z', end_datetime: '2026-06-01T17:00:00Z' }, now)).toBe(true);
    expect(isOnSale({ start_datetime: '2026-06-01T12:30:00Z', end_datetime: '2026-06-01T13:00:00Z' }, now)).toBe(true);
  });

  it('venue-local dates and times follow daylight saving, in both hemispheres', () => {
    expect([localDate('2026-03-08T06:59:00Z', 'America/New_York'), localTime('2026-03-08T06:59:00Z', 'America/New_York')]).toEqual(['2026-03-08', '01:59']);
    expect(localTime('2026-03-08T07:00:00Z', 'America/New_York')).toBe('03:00');
    expect(localTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('01:30');
    expect(localTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('01:30');
    expect([localDate('2026-01-01T13:30:00Z', 'Pacific/Auckland'), localTime('2026-01-01T13:30:00Z', 'Pacific/Auckland')]).toEqual(['2026-01-02', '02:30']);
    expect(localTime('2026-06-01T12:00:00Z', 'Asia/Kolkata')).toBe('17:30');
  });

  it('gives the UTC bounds of a local day', () => {
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
  });
});
