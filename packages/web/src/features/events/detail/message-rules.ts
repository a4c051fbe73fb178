import type { TEventSession, TMessageRule } from '@foyer/contracts';
import { calendarDay, ISO_DATE } from '../../../lib/dates.js';
import { safeTz } from '../../../lib/venue-time.js';

/**
 * Message rules (docs/catalog.md#9-message-rules): short badges on days and sessions and notices
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
    const day = calendarDay(date).day();
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

/** One line of the quantities chosen, as quantity triggers see it. */
export interface QuantityLine {
  groupId: string;
  groupName: string;
  typeId: string;
  typeName: string;
  quantity: number;
}

interface QuantityTrigger {
  kind: 'quantity';
  ticket_group_ids?: unknown;
  ticket_group_names?: unknown;
  ticket_type_ids?: unknown;
  ticket_type_names?: unknown;
  min?: unknown;
  max?: unknown;
}

const list = (value: unknown): string[] | null => (Array.isArray(value) && value.length ? value.map(String) : null);

/**
 * A quantity trigger (docs/catalog.md#9-message-rules): the quantities of the lines matching every filter given (group
 * ids or names, type ids or names; none = everything chosen) are summed; it passes when the sum
 * is at least min (if set) and at most max (if set).
 */
export function quantityTriggerPasses(trigger: QuantityTrigger, lines: readonly QuantityLine[]): boolean {
  const groupIds = list(trigger.ticket_group_ids);
  const groupNames = list(trigger.ticket_group_names);
  const typeIds = list(trigger.ticket_type_ids);
  const typeNames = list(trigger.ticket_type_names);
  const sum = lines
    .filter(
      (l) =>
        (!groupIds || groupIds.includes(l.groupId)) &&
        (!groupNames || groupNames.includes(l.groupName)) &&
        (!typeIds || typeIds.includes(l.typeId)) &&
        (!typeNames || typeNames.includes(l.typeName)),
    )
    .reduce((n, l) => n + Math.max(0, l.quantity), 0);
  if (typeof trigger.min === 'number' && sum < trigger.min) return false;
  if (typeof trigger.max === 'number' && sum > trigger.max) return false;
  return true;
}

/**
 * Texts of quantity_message actions for the quantities chosen. Date-or-session triggers of the same
 * rule are checked against the chosen session (or day) and fail while none is chosen.
 */
export function quantityTexts(
  rules: readonly TMessageRule[],
  lines: readonly QuantityLine[],
  at: { date?: string | null; session?: Pick<TEventSession, 'start_datetime'> | null; timezone: string },
): string[] {
  const start = at.session ? safeTz(at.session.start_datetime, at.timezone) : null;
  const date = start ? start.format(ISO_DATE) : (at.date ?? null);
  const minutes = start ? start.hour() * 60 + start.minute() : null;
  return [...rules]
    .sort((a, b) => a._rank - b._rank)
    .filter(
      (rule) =>
        rule.triggers.length > 0 &&
        rule.triggers.every((t) => {
          if (t.kind === 'quantity') return quantityTriggerPasses(t as unknown as QuantityTrigger, lines);
          if (!isDateTrigger(t) || date === null) return false;
          const trigger = t as DateOrSessionTrigger;
          return dateMatches(trigger, date) && (minutes === null || timeMatches(trigger, minutes));
        }),
    )
    .flatMap((rule) => rule.actions.filter((a) => a.type === 'quantity_message' && typeof a.text === 'string' && a.text.trim()).map((a) => String(a.text)));
}

/** The quantity lines of a selection keyed `group:type`. */
export function quantityLines(groups: readonly { group: { id: string; name: string }; types: readonly { type: { id: string; name: string } }[] }[], quantities: Readonly<Record<string, number>>): QuantityLine[] {
  return groups.flatMap(({ group, types }) =>
    types.map(({ type }) => ({ groupId: group.id, groupName: group.name, typeId: type.id, typeName: type.name, quantity: quantities[`${group.id}:${type.id}`] ?? 0 })),
  );
}
