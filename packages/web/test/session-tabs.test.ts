import type { TEventSession } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { incumbentSessionFields } from './fixtures.js';
import { sessionPickerTabs } from '../src/config/config.js';
import { initialTabIndex, sessionAvailability, splitSessionsIntoTabs } from '../src/features/events/detail/dates-sessions/session-tabs.js';

let n = 0;
function session(startTime: string, availableCapacity = 20, soldOut = false): TEventSession {
  n += 1;
  return {
    id: `s${n}`,
    event_template_id: 'e1',
    start_datetime: `2026-11-22T${startTime}:00Z`,
    end_datetime: `2026-11-22T${startTime}:00Z`,
    startTime,
    endTime: startTime,
    capacity: 20,
    oversell_capacity: 0,
    used_capacity: 20 - Math.max(availableCapacity, 0),
    sold_out: soldOut,
    availableCapacity,
    ...incumbentSessionFields(`2026-11-22T${startTime}:00Z`, `2026-11-22T${startTime}:00Z`, 20 - Math.max(availableCapacity, 0)),
  };
}

const labels = ['Morning', 'Afternoon', 'Evening'];
const split = (sessions: TEventSession[], thresholds = ['1200', '1700'], tabLabels = labels) =>
  splitSessionsIntoTabs(sessions, { thresholds, labels: tabLabels }, { timezone: 'UTC' });

describe('session tabs', () => {
  it('splits by HHmm thresholds: before 1200, 1200 up to 1700, 1700 to 2400', () => {
    const tabs = split([session('09:00'), session('11:59'), session('12:00'), session('16:59'), session('17:00'), session('23:30')]);
    expect(tabs.map((t) => t.label)).toEqual(labels);
    expect(tabs.map((t) => t.sessions.map((s) => s.startTime))).toEqual([
      ['09:00', '11:59'],
      ['12:00', '16:59'],
      ['17:00', '23:30'],
    ]);
  });

  it("reads 'Not available' when empty and 'Sold out' when all its sessions are sold out", () => {
    const tabs = split([session('10:00', 0), session('11:00', 5, true), session('13:00', 3)]);
    expect(tabs.map((t) => t.status)).toEqual(['sold_out', 'available', 'not_available']);
    expect(initialTabIndex(tabs)).toBe(1);
  });

  it('treats unlimited capacity (-1) as available', () => {
    const tabs = split([session('18:00', -1)]);
    expect(tabs[2].status).toBe('available');
  });

  it('with one label per threshold, each threshold starts its tab', () => {
    const tabs = split([session('07:00'), session('12:30'), session('19:00')], ['0000', '1200', '1700']);
    expect(tabs.map((t) => [t.from, t.to, t.sessions.length])).toEqual([
      ['0000', '1200', 1],
      ['1200', '1700', 1],
      ['1700', '2400', 1],
    ]);
  });

  it('reads the configuration, accepting HH:mm thresholds, and defaults to 1200/1700', () => {
    const entry = (value: unknown) => [{ id: 'c', resource_id: 'e1', namespace: 'web', name: 'session_picker_tabs', value }];
    expect(sessionPickerTabs(labels, entry({ thresholds: ['10:30', '1500'], labels: ['Early', 'Midday', 'Late'] }))).toEqual({
      thresholds: ['1030', '1500'],
      labels: ['Early', 'Midday', 'Late'],
    });
    expect(sessionPickerTabs(labels, [])).toEqual({ thresholds: ['1200', '1700'], labels });
    const tabs = split([session('10:29'), session('10:30')], ['1030', '1500'], ['Early', 'Midday', 'Late']);
    expect(tabs.map((t) => t.sessions.length)).toEqual([1, 1, 0]);
  });

  it('labels a session sold out, n available under the threshold, or available', () => {
    expect(sessionAvailability(session('10:00', 0), 10)).toEqual({ kind: 'sold_out' });
    expect(sessionAvailability(session('10:00', 9), 10)).toEqual({ kind: 'low', remaining: 9 });
    expect(sessionAvailability(session('10:00', 10), 10)).toEqual({ kind: 'available' });
    expect(sessionAvailability(session('10:00', -1), 10)).toEqual({ kind: 'available' });
  });
});
