import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventSessionTable } from '../db/schema.js';
import { sessionRoom, takeGroupCapacity, takeSessionCapacity } from './capacity.repository.js';

/** A ticket as far as capacity is concerned; `groupLimit` is its group's limit per session (-1: none). */
export interface CapacityTicket {
  event_session_id: string | null;
  ticket_group_id: string;
  counts_session: number;
  groupLimit?: number;
}

/** What ran out: a session, or a group within a session. */
export type CapacityShortfall = { sessionId: string; groupId?: undefined } | { sessionId: string; groupId: string; limit: number };

/**
 * Takes the session and group capacity of tickets (reserving, and re-holding after a late
 * payment; docs/architecture.md#inventory-never-oversell): one conditional update per counter, sessions then groups, each in sorted
 * order so concurrent writers never deadlock. Answers the sessions as updated, or what ran out;
 * the caller then rolls back, so nothing half-taken stays.
 */
export async function takeCapacity(tx: Tx, tickets: CapacityTicket[]): Promise<{ sessions: Selectable<EventSessionTable>[] } | { short: CapacityShortfall }> {
  const bySession = new Map<string, number>();
  const byGroup = new Map<string, { sessionId: string; groupId: string; n: number; limit: number }>();
  for (const t of tickets) {
    if (!t.event_session_id) continue;
    if (t.counts_session) bySession.set(t.event_session_id, (bySession.get(t.event_session_id) ?? 0) + 1);
    const key = `${t.event_session_id}|${t.ticket_group_id}`;
    const entry = byGroup.get(key) ?? { sessionId: t.event_session_id, groupId: t.ticket_group_id, n: 0, limit: -1 };
    entry.n += 1;
    if (t.groupLimit !== undefined) entry.limit = t.groupLimit;
    byGroup.set(key, entry);
  }
  const sessions: Selectable<EventSessionTable>[] = [];
  for (const [sessionId, n] of [...bySession].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const session = await takeSessionCapacity(tx, sessionId, n);
    if (!session) return { short: { sessionId } };
    sessions.push(session);
  }
  // Tickets of groups outside the session's count take none of it, but a session staff closed for
  // sale (docs/box-office.md, Sessions) refuses them too — as the session's own update refuses the rest.
  const uncounted = [...new Set([...byGroup.values()].map((g) => g.sessionId))].filter((id) => !bySession.has(id)).sort();
  for (const sessionId of uncounted) if ((await sessionRoom(tx, sessionId))?.sale_closed) return { short: { sessionId } };
  for (const [, g] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!(await takeGroupCapacity(tx, g.sessionId, g.groupId, g.limit, g.n, bySession.has(g.sessionId)))) return { short: { sessionId: g.sessionId, groupId: g.groupId, limit: g.limit } };
  }
  return { sessions };
}
