import { describe, expect, it } from 'vitest';
import { isAllDaySession } from '../src/rules/session-length.js';

const lasting = (hours: number) => ({ start_datetime: '2026-11-21T09:00:00.000Z', end_datetime: new Date(Date.parse('2026-11-21T09:00:00.000Z') + hours * 3_600_000).toISOString() });

describe('all-day sessions (docs/catalog.md)', () => {
  it('last over 5 hours: exactly 5 is timed', () => {
    expect(isAllDaySession(lasting(5))).toBe(false);
    expect(isAllDaySession(lasting(5.01))).toBe(true);
    expect(isAllDaySession(lasting(2))).toBe(false);
  });
});
