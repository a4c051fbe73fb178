import type { Dialect, Tx } from '../db/database.js';
import { dayFigures, type GroupRule } from './calendar-days.repository.js';

/** One venue-local day of an event's on-sale sessions, as the calendar shows it. */
export interface CalendarDayRow {
  date: string;
  /** Some session of the day has room for one of the groups asked about. */
  open: boolean;
  /** Some session of the day open for sale has unlimited capacity. */
  unlimited: boolean;
  /** capacity + oversell, summed over the day's sessions (a session closed for sale counts what it used). */
  capacity: number;
  /** Used capacity summed over the day's sessions (expired, unswept holds count as free). */
  used: number;
}

/**
 * GET calendar's days in ONE grouped query: the database groups the event's on-sale sessions by
 * venue-local day and decides, per session, whether it has room for one of the groups — the same
 * rule as `roomForGroups` (a group is bounded by its own capacity and, unless excluded from event
 * capacity, by the session's), with expired holds freed as `loadSessions` frees them. No session
 * row reaches JavaScript, so a calendar of thousands of sessions costs about what a small one does.
 */
export async function calendarDays(db: Tx, dialect: Dialect, input: { eventId: string; timezone: string; groups: GroupRule[]; now: Date }): Promise<CalendarDayRow[]> {
  const days = await dayFigures(db, dialect, { ...input, freeExpired: true });
  return days.map((d) => ({ date: d.date, open: input.groups.length ? d.groupOpen.some(Boolean) : d.sessionOpen, unlimited: d.unlimited, capacity: d.capacity, used: d.used }));
}
