import type { TEventSession, TMessageRule } from '@foyer/contracts';
import { dayjs, ISO_DATE, safeTz } from '../../../lib/dates.js';

/**
 * Message rules (000 §3, §5; docs/catalog.md §9): short badges on days and sessions and notices
 * when a matching day or session is chosen. All triggers of a rule must pass. Date intervals are
 * start-inclusive and end-exclusive; time of day matches minutes since venue-local midnight in
 * [start, end). Quantity triggers belong to the quantity step and never pass here.
 */

export type DateAction = 'date_annotation' | 'date_message';
export type SessionAction = 'session_annotation' | 'session_message';

interface DateOrSessionTrigger {
  kind?: string;
  dateInterval?: { start?: string | null; end?: string | null } | null;
  weekdays?: number[] | null;
  time_of_day?: { start?: number | null; end?: number | null } | null;
}

function isDateTrigger(trigger: Record<string, unknown>): boolean {
  return trigger.kind === undefined || trigger.kind === 'date_or_session';
}

function dateMatches(trigger: DateOrSessionTrigger, date: string): boolean {
  const interval = trigger.dateInterval;
  if (interval?.start && date < interval.start.slice(0, 10)) return false;
  if (interval?.end && date >= interval.end.slice(0, 10)) return false;
  if (Array.isArray(trigger.weekdays) && trigger.weekdays.length) {
    const day = dayjs.utc(date, ISO_DATE).day();
    const iso = day === 0 ? 7 : day;
    if (!trigger.weekdays.includes(iso)) return false;
  }
  return true;
}

function timeMatches(trigger: DateOrSessionTrigger, minutes: number): boolean {
  const window = trigger.time_of_day;
  if (!window) return true;
  if (typeof window.start === 'number' && minutes < window.start) return false;
  if (typeof window.end === 'number' && minutes >= window.end) return false;
  return true;
}

function texts(rules: readonly TMessageRule[], type: string, passes: (trigger: DateOrSessionTrigger) => boolean): string[] {
  return [...rules]
    .sort((a, b) => a._rank - b._rank)
    .filter((rule) => rule.triggers.length > 0 && rule.triggers.every((t) => isDateTrigger(t) && passes(t as DateOrSessionTrigger)))
    .flatMap((rule) => rule.actions.filter((a) => a.type === type && typeof a.text === 'string' && a.text.trim()).map((a) => String(a.text)));
}

/** Texts of a date action for a day (time_of_day is ignored for days). */
export function dateTexts(rules: readonly TMessageRule[], type: DateAction, date: string): string[] {
  return texts(rules, type, (t) => dateMatches(t, date));
}

/** Texts of a session action: the session's venue-local start date and start time. */
export function sessionTexts(rules: readonly TMessageRule[], type: SessionAction, session: Pick<TEventSession, 'start_datetime'>, timezone: string): string[] {
  const start = safeTz(session.start_datetime, timezone);
  const date = start.format(ISO_DATE);
  const minutes = start.hour() * 60 + start.minute();
  return texts(rules, type, (t) => dateMatches(t, date) && timeMatches(t, minutes));
}
