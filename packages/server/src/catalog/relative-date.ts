import { dayjs } from '../events/session-rules.js';

/** "today", "today+90", "today-1" or "YYYY-MM-DD" → "YYYY-MM-DD", relative to `today` (seller-local). */
export function resolveDate(ref: string, today: string): string {
  const m = /^today([+-]\d+)?$/.exec(ref);
  if (!m) return ref;
  return dayjs(today).add(Number(m.at(1) ?? 0), 'day').format('YYYY-MM-DD');
}

/** "todayT19:30" / "today+3T19:30" / "2026-12-01T19:30" (venue-local) → ISO-8601 UTC. */
export function resolveLocalDateTime(ref: string, today: string, tz: string): string {
  const [date, time] = ref.split('T');
  return dayjs.tz(`${resolveDate(date, today)} ${time}`, tz).toISOString();
}

/** The first instant of a (possibly relative) day in a timezone, ISO-8601 UTC. */
export function startOfDay(ref: string, today: string, tz: string): string {
  return dayjs.tz(`${resolveDate(ref, today)} 00:00`, tz).toISOString();
}

export function todayIn(tz: string, now: Date): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD');
}

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
