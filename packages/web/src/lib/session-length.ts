import type { TEventSession } from '@foyer/contracts';

/** Session lengths that change how a session reads (000 §9); used by the event screen, the cart and the tickets. */

/** 000 §9: a session counts as all-day when it lasts over 5 hours. */
export const ALL_DAY_MS = 5 * 60 * 60 * 1000;

export function isAllDaySession(session: Pick<TEventSession, 'start_datetime' | 'end_datetime'>): boolean {
  return Date.parse(session.end_datetime) - Date.parse(session.start_datetime) > ALL_DAY_MS;
}

/** 24 hours: a session at least this long is valid on any day of its window (a flexible any-date ticket). */
export const MULTI_DAY_MS = 24 * 60 * 60 * 1000;

/** A session spanning days: flexible any-date tickets, not a time to pick on a date. */
export function isMultiDaySession(session: Pick<TEventSession, 'start_datetime' | 'end_datetime'>): boolean {
  return Date.parse(session.end_datetime) - Date.parse(session.start_datetime) >= MULTI_DAY_MS;
}
