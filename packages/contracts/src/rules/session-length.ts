/**
 * A session lasting over 5 hours counts as all-day (docs/catalog.md): it stays on sale until it
 * ends, the calendar and the tickets show it without a time, and it never conflicts with an add-on.
 */
export const ALL_DAY_MS = 5 * 60 * 60 * 1000;

export function isAllDaySession(session: { start_datetime: string; end_datetime: string }): boolean {
  return Date.parse(session.end_datetime) - Date.parse(session.start_datetime) > ALL_DAY_MS;
}
