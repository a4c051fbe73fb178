import type { TEventSession } from '@foyer/contracts';

/** Multi-day sessions read as a window, not a time (docs/events.md#limits); all-day ones are the contracts' rule (rules/session-length.ts). */

/** 24 hours: a session at least this long is valid on any day of its window (a flexible any-date ticket). */
export const MULTI_DAY_MS = 24 * 60 * 60 * 1000;

/** A session spanning days: flexible any-date tickets, not a time to pick on a date. */
export function isMultiDaySession(session: Pick<TEventSession, 'start_datetime' | 'end_datetime'>): boolean {
  return Date.parse(session.end_datetime) - Date.parse(session.start_datetime) >= MULTI_DAY_MS;
}
