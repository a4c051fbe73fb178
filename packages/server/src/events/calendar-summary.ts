import type { Selectable } from 'kysely';
import type { Dialect, Tx } from '../db/database.js';
import type { EventDaySummaryTable } from '../db/schema.js';
import { nextSequenceValue } from '../db/sequences.js';
import { WHOLE_EVENT } from './calendar-changes.repository.js';
import { calendarDays, type CalendarDayRow } from './calendar-days.js';
import { dayFigures, type DayFigures, type GroupRule } from './calendar-days.repository.js';
import { changesOf, type SummaryRow, deleteChanges, expiredHoldStarts, onSaleSession, store, summaryOf } from './calendar-summary.repository.js';
import { localDate } from '@foyer/contracts/rules';

type Summary = Selectable<EventDaySummaryTable>;
type DayRow = SummaryRow;
type Input = { eventId: string; timezone: string; groups: GroupRule[]; now: Date };

/** Rows answering for more groups than this start again from the groups asked (old signatures drop out). */
const MAX_GROUPS = 16;

/**
 * GET calendar's days from the stored summary (`event_day_summary`, 0021): a few rows per event
 * instead of grouping every session. A day is recomputed (the grouped query, kept to those days)
 * when a capacity write or import noted a change in it (`calendar_change`), when one of its
 * sessions goes off sale (`stale_at`), or when it was not computed for a group asked about; the
 * whole event when it has no rows, an import touched it, or its time zone changed. Days with
 * expired, unswept holds are answered live (the summary counts holds until they are swept).
 * A read never fails for the summary's sake: any error answers from the live query.
 */
export async function summarisedCalendarDays(db: Tx, dialect: Dialect, input: Input): Promise<CalendarDayRow[]> {
  try {
    return await throughSummary(db, dialect, input);
  } catch (error) {
    console.warn(`[foyer] calendar summary of event ${input.eventId} not used: ${error instanceof Error ? error.message : String(error)}`);
    return calendarDays(db, dialect, input);
  }
}

async function throughSummary(db: Tx, dialect: Dialect, input: Input): Promise<CalendarDayRow[]> {
  const now = input.now.toISOString();
  const tz = input.timezone;
  const asked = input.groups.map(signature);
  const changes = (await changesOf(db, input.eventId)).rows;
  let rows: DayRow[] = (await summaryOf(db, input.eventId)).rows;
  // No rows and nothing on sale (a past event): nothing to compute or store.
  if (!rows.length && !(await onSaleSession(db, input.eventId, now)).rows.length) return [];

  const whole = !rows.length || rows.some((r) => r.timezone !== tz) || changes.some((c) => c.start_datetime === WHOLE_EVENT);
  const days = new Set(changes.map((c) => (c.start_datetime === WHOLE_EVENT ? '' : localDate(c.start_datetime, tz))));
  for (const r of rows) if (r.stale_at <= now || !asked.every((g) => coverage(r).has(g))) days.add(r.date);
  days.delete('');
  if (whole || days.size) {
    // Every group a recomputed row answered for stays answered (unless there are too many).
    const kept = new Set(asked);
    for (const r of rows) if (whole || days.has(r.date)) for (const g of coverage(r)) kept.add(g);
    const groups = (kept.size > MAX_GROUPS ? asked : [...kept]).map(parseSignature);
    // The sequence number is drawn after the changes were read and before the sessions are:
    // a reader storing older figures than a row's has a lower number, and is refused.
    const seq = await nextSequenceValue(db, dialect, 'calendar_summary');
    const fresh = await dayFigures(db, dialect, { ...input, groups, freeExpired: false, starts: whole ? undefined : startsAround([...days]) });
    const computed = whole ? fresh : fresh.filter((d) => days.has(d.date));
    const stored = computed.map((d) => toSummary(input.eventId, tz, seq, groups, d));
    await store(db, input.eventId, seq, stored, whole ? null : [...days]);
    // Only the changes read before computing: those committed since stay for the next reader.
    const seen = changes.map((c) => c.id);
    await deleteChanges(db, input.eventId, seen);
    rows = whole ? stored : [...rows.filter((r) => !days.has(r.date)), ...stored].sort((a, b) => (a.date < b.date ? -1 : 1));
  }

  const live = await daysWithExpiredHolds(db, dialect, input, tz, now);
  return rows.map((r) => {
    const fromLive = live.get(r.date);
    if (fromLive) return fromLive;
    const open = asked.length ? asked.some((g) => openGroups(r).has(g)) : r.session_open === 1;
    return { date: r.date, open, unlimited: r.unlimited === 1, capacity: r.capacity, used: r.used };
  });
}

/** The days holding expired, unswept holds, answered by the live query (they count as free). */
async function daysWithExpiredHolds(db: Tx, dialect: Dialect, input: Input, tz: string, now: string): Promise<Map<string, CalendarDayRow>> {
  const held = (await expiredHoldStarts(db, now, input.eventId)).rows;
  if (!held.length) return new Map();
  const days = new Set(held.map((h) => localDate(h.start_datetime, tz)));
  const figures = await dayFigures(db, dialect, { ...input, freeExpired: true, starts: startsAround([...days]) });
  return new Map(
    figures
      .filter((d) => days.has(d.date))
      .map((d) => [d.date, { date: d.date, open: input.groups.length ? d.groupOpen.some(Boolean) : d.sessionOpen, unlimited: d.unlimited, capacity: d.capacity, used: d.used }]),
  );
}

function toSummary(eventId: string, timezone: string, seq: number, groups: GroupRule[], d: DayFigures): Summary {
  const sigs = groups.map(signature);
  return {
    event_template_id: eventId,
    date: d.date,
    timezone,
    seq,
    stale_at: d.staleAt,
    groups: JSON.stringify(sigs),
    open_groups: JSON.stringify(sigs.filter((_, i) => d.groupOpen[i])),
    session_open: d.sessionOpen ? 1 : 0,
    unlimited: d.unlimited ? 1 : 0,
    capacity: d.capacity,
    used: d.used,
  };
}

/** Sessions starting from the day before the first day to the day after the last (UTC), which covers every time zone. */
function startsAround(days: string[]): { from: string; to: string } {
  const sorted = [...days].sort();
  const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return { from: shift(sorted[0], -1), to: shift(sorted[sorted.length - 1], 2) };
}

/** A group as far as room goes: a row computed for it answers only while these are unchanged. */
function signature(g: GroupRule): string {
  return `${g.id}|${g.capacity}|${g.oversell_capacity}|${g.exclude_from_event_capacity ? 1 : 0}`;
}

function parseSignature(sig: string): GroupRule {
  const [id, capacity, oversell, exclude] = sig.split('|');
  return { id: id, capacity: Number(capacity), oversell_capacity: Number(oversell), exclude_from_event_capacity: Number(exclude) };
}

/** Rows repeat the same few lists: each JSON text is parsed once (a bounded memo). */
const parsedLists = new Map<string, Set<string>>();
function listOf(json: string): Set<string> {
  let set = parsedLists.get(json);
  if (!set) {
    if (parsedLists.size >= 1000) parsedLists.clear();
    parsedLists.set(json, (set = new Set(JSON.parse(json) as string[])));
  }
  return set;
}
const coverage = (r: DayRow) => listOf(r.groups);
const openGroups = (r: DayRow) => listOf(r.open_groups);
