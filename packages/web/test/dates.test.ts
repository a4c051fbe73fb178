import { describe, expect, it } from 'vitest';
import { formatTime, safeTz } from '../src/lib/dates.js';

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
