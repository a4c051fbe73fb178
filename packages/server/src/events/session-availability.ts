import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventSessionTable, TicketGroupTable } from '../db/schema.js';
import { expiredHoldsOfEvent, groupUsage, groupUsageOfEvent, sessionsOfEvent } from './events.repository.js';
import { dayBounds } from '../time/venue-time.js';
import { availableCapacity, isOnSale } from './session-rules.js';

type Session = Selectable<EventSessionTable>;
type Group = Selectable<TicketGroupTable>;

/** Room left for one group in a session, by its own capacity only. -1 = unlimited. */
export function groupRoom(group: Group, used: number): number {
  return group.capacity === -1 ? -1 : Math.max(0, group.capacity + group.oversell_capacity - used);
}

/**
 * Room left in a session for some ticket groups: each group is bounded by its own capacity and,
 * unless it is excluded from event capacity, by the session's. -1 = unlimited.
 */
export function roomForGroups(session: Session, groups: Group[], used: (groupId: string) => number): number {
  const sessionRoom = availableCapacity(session);
  // Closed for sale: no room even in groups that do not count against the session.
  if (!groups.length || session.sale_closed) return sessionRoom;
  let best = 0;
  for (const g of groups) {
    const own = groupRoom(g, used(g.id));
    const bound = g.exclude_from_event_capacity ? own : minRoom(own, sessionRoom);
    if (bound === -1) return -1;
    best = Math.max(best, bound);
  }
  return best;
}

function minRoom(a: number, b: number): number {
  if (a === -1) return b;
  if (b === -1) return a;
  return Math.min(a, b);
}

export interface SessionWindow {
  ondate?: string | null;
  startFrom?: string;
  startBefore?: string;
}

export interface SessionsWithUsage {
  sessions: Session[];
  used: (sessionId: string, groupId: string) => number;
}

/** On-sale sessions of an event in a window, with what each group has used in each. */
export async function loadSessions(
  db: Tx,
  input: { eventId: string; timezone: string; groups: Group[]; window: SessionWindow; now: Date },
): Promise<SessionsWithUsage> {
  const day = input.window.ondate ? dayBounds(input.window.ondate, input.timezone) : null;
  const startFrom = maxIso(day?.start, input.window.startFrom);
  const startBefore = minIso(day?.end, input.window.startBefore);
  let sessions = (await sessionsOfEvent(db, input.eventId, { nowIso: input.now.toISOString(), startFrom, startBefore })).filter((s) =>
    isOnSale(s, input.now),
  );
  const capped = input.groups.some((g) => g.capacity !== -1);
  // A short list asks by id; a long one (a calendar) reads the event's usage in one join.
  const usage = !capped ? [] : sessions.length <= 50 ? await groupUsage(db, sessions.map((s) => s.id)) : await groupUsageOfEvent(db, input.eventId, input.now.toISOString());
  const map = new Map(usage.map((u) => [`${u.event_session_id}:${u.ticket_group_id}`, u.used_capacity]));
  // Expired but unswept holds count as free.
  const expired = await expiredHoldsOfEvent(db, input.eventId, input.now.toISOString());
  if (expired.length) {
    const freeBySession = new Map<string, number>();
    for (const e of expired) {
      if (!e.event_session_id) continue;
      const n = e.n;
      if (e.counts_session) freeBySession.set(e.event_session_id, (freeBySession.get(e.event_session_id) ?? 0) + n);
      const key = `${e.event_session_id}:${e.ticket_group_id}`;
      const before = map.get(key);
      if (before !== undefined) map.set(key, Math.max(0, before - n));
    }
    sessions = sessions.map((s) => {
      const free = freeBySession.get(s.id);
      return free !== undefined ? { ...s, used_capacity: Math.max(0, s.used_capacity - free) } : s;
    });
  }
  return { sessions, used: (sessionId, groupId) => map.get(`${sessionId}:${groupId}`) ?? 0 };
}

function maxIso(a?: string, b?: string) {
  return a && b ? (a > b ? a : b) : a ?? b;
}
function minIso(a?: string, b?: string) {
  return a && b ? (a < b ? a : b) : a ?? b;
}
