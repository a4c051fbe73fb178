import { describe, expect, it } from 'vitest';
import { calendarDay, dayjs, formatTime, ISO_DATE, safeTz, todayIn } from '../src/lib/dates.js';

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
