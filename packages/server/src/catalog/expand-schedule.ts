import type { TCatalogSchedule } from '@foyer/contracts';
import dayjs from 'dayjs';
import { zonedInstant } from '../time/venue-time.js';
import { resolveDate } from './relative-date.js';

export interface PlannedSession {
  start: string;
  end: string;
  capacity: number;
  oversell_capacity: number;
}

/** Guard against a typo such as "today+9000" producing millions of rows. */
export const MAX_SCHEDULE_DAYS = 800;

/**
 * A recurring schedule → sessions. Times are wall-clock in the venue's timezone, so a session at
 * 09:00 stays at 09:00 across a daylight-saving change.
 */
export function expandSchedule(schedule: TCatalogSchedule, today: string, tz: string): PlannedSession[] {
  const from = dayjs(resolveDate(schedule.from, today));
  const to = dayjs(resolveDate(schedule.to, today));
  const sessions: PlannedSession[] = [];
  for (let day = from, n = 0; !day.isAfter(to) && n < MAX_SCHEDULE_DAYS; day = day.add(1, 'day'), n++) {
    const isoWeekday = day.day() === 0 ? 7 : day.day();
    if (schedule.weekdays && !schedule.weekdays.includes(isoWeekday)) continue;
    for (const time of schedule.times) {
      const start = zonedInstant(day.format('YYYY-MM-DD'), time, tz);
      sessions.push({
        start,
        end: new Date(Date.parse(start) + schedule.duration_minutes * 60_000).toISOString(),
        capacity: schedule.capacity,
        oversell_capacity: schedule.oversell_capacity,
      });
    }
  }
  return sessions;
}
