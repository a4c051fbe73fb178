import { describe, expect, it } from 'vitest';
import { availableCapacity, hasRoomFor, isOnSale } from '../src/events/session-rules.js';

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
});
