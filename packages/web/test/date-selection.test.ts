import type { TCalendarDay } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { dateButtons, dayAvailability, MAX_DATE_BUTTONS, monthGrid, monthRange, moveFocus, relativeDay } from '../src/features/events/detail/dates-sessions/date-selection.js';

const day = (date: string, status: TCalendarDay['status'] = 'available', capacity = 100, used = 0): TCalendarDay => ({
  date,
  status,
  min_price: '12.00',
  availability: { capacity, used_capacity: used },
  pricePrefix: null,
});

describe('date buttons', () => {
  it('shows at most 8 upcoming days, in order, then says there are more', () => {
    const days = Array.from({ length: 12 }, (_, i) => day(`2026-11-${String(30 - i).padStart(2, '0')}`));
    const { visible, hasMore } = dateButtons(days, '2026-11-20');
    expect(MAX_DATE_BUTTONS).toBe(8);
    expect(visible).toHaveLength(8);
    expect(visible.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(hasMore).toBe(true);
  });

  it('with exactly 8 days there is no "more", and past or other days are left out', () => {
    const days = [day('2026-11-19'), day('2026-11-28', 'other'), ...Array.from({ length: 8 }, (_, i) => day(`2026-12-0${i + 1}`))];
    const { visible, hasMore } = dateButtons(days, '2026-11-20');
    expect(visible.map((d) => d.date)[0]).toBe('2026-12-01');
    expect(visible).toHaveLength(8);
    expect(hasMore).toBe(false);
  });

  it('availability: sold out, n available under the threshold, available, unlimited', () => {
    expect(dayAvailability(day('2026-11-20', 'sold_out'), 10)).toEqual({ kind: 'sold_out' });
    expect(dayAvailability(day('2026-11-20', 'available', 100, 95), 10)).toEqual({ kind: 'low', remaining: 5 });
    expect(dayAvailability(day('2026-11-20', 'available', 100, 90), 10)).toEqual({ kind: 'available' });
    expect(dayAvailability(day('2026-11-20', 'available', -1, 500), 10)).toEqual({ kind: 'available' });
  });

  it('knows today and tomorrow', () => {
    expect(relativeDay('2026-11-20', '2026-11-20')).toBe('today');
    expect(relativeDay('2026-12-01', '2026-11-30')).toBe('tomorrow');
    expect(relativeDay('2026-12-02', '2026-11-30')).toBeNull();
  });
});

describe('calendar grid', () => {
  it('is always 6 weeks of 7 days starting on Sunday', () => {
    const grid = monthGrid('2026-11');
    expect(grid).toHaveLength(6);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    expect(grid[0][0]).toEqual({ date: '2026-11-01', inMonth: true }); // Nov 1 2026 is a Sunday
    expect(grid[5][6]).toEqual({ date: '2026-12-12', inMonth: false });
    const feb = monthGrid('2026-02');
    expect(feb[0][0].date).toBe('2026-02-01');
    expect(feb.flat().filter((d) => d.inMonth)).toHaveLength(28);
    expect(monthGrid('2026-08')[0][0]).toEqual({ date: '2026-07-26', inMonth: false });
  });

  it('ranges from the first to the last available month', () => {
    expect(monthRange([day('2026-10-01'), day('2026-11-25', 'sold_out'), day('2026-11-26'), day('2027-02-03')], '2026-11-20')).toEqual({
      first: '2026-11',
      last: '2027-02',
    });
    expect(monthRange([], '2026-11-20')).toBeNull();
  });

  it('moves focus with arrows, Home/End and PageUp/PageDown', () => {
    expect(moveFocus('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(moveFocus('2026-11-03', 'ArrowUp')).toBe('2026-10-27');
    expect(moveFocus('2026-11-04', 'Home')).toBe('2026-11-01');
    expect(moveFocus('2026-11-04', 'End')).toBe('2026-11-07');
    expect(moveFocus('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveFocus('2026-11-04', 'a')).toBeNull();
  });
});
