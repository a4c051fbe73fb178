import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { calendarDay, ISO_DATE } from '../src/lib/dates.js';

describe('calendarDay', () => {
  it("is the UTC midnight dayjs' own parser gives, for any date and for what is not one", () => {
    for (const date of ['2026-11-26', '2028-02-29', '2026-02-29', '2026-13-01', '1999-12-31', '2026-1-5', 'soon', '']) {
      const ours = calendarDay(date);
      const theirs = dayjs.utc(date, ISO_DATE);
      expect(ours.isValid(), date).toBe(theirs.isValid());
      if (theirs.isValid()) expect(ours.toISOString(), date).toBe(theirs.toISOString());
    }
    expect(calendarDay('2026-11-26').format('ddd, MMM D, YYYY')).toBe('Thu, Nov 26, 2026');
  });
});

describe('docs/after-sale.md#screens after-sale date formats', () => {
  it("'ddd, MMMM D YYYY' and LONGER_DATE, venue-local", async () => {
    const { formatOrderDate, formatOrderDateTime, formatLongerDateTime } = await import('../src/lib/dates.js');
    expect(formatOrderDate('2026-11-24')).toBe('Tue, November 24 2026');
    expect(formatOrderDateTime('2026-11-24T15:00:00.000Z', 'America/New_York')).toBe('Tue, November 24 2026 at 10:00 AM');
    expect(formatLongerDateTime('2026-11-24T15:00:00.000Z', 'America/New_York')).toBe('Tuesday, November 24, 2026 at 10:00 AM');
  });
});
