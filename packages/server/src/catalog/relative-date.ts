import { addDays, formatInZone, zonedInstant } from '../time/venue-time.js';

/** "today", "today+90", "today-1" or "YYYY-MM-DD" → "YYYY-MM-DD", relative to `today` (seller-local). */
export function resolveDate(ref: string, today: string): string {
  const m = /^today([+-]\d+)?$/.exec(ref);
  if (!m) return ref;
  return addDays(today, Number(m.at(1) ?? 0));
}

/** "todayT19:30" / "today+3T19:30" / "2026-12-01T19:30" (venue-local) → ISO-8601 UTC. */
export function resolveLocalDateTime(ref: string, today: string, tz: string): string {
  const [date, time] = ref.split('T');
  return zonedInstant(resolveDate(date, today), time, tz);
}

/** The first instant of a (possibly relative) day in a timezone, ISO-8601 UTC. */
export function startOfDay(ref: string, today: string, tz: string): string {
  return zonedInstant(resolveDate(ref, today), '00:00', tz);
}

export function todayIn(tz: string, now: Date): string {
  return formatInZone(now, tz, 'YYYY-MM-DD');
}

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
