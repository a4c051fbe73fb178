import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { TicketGroupTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import { applyFilters, applySort, type Filter, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { findEvent } from './find-event.js';
import { loadOffer } from './load-offer.js';
import { loadSessions, roomForGroups } from './session-availability.js';
import { sessionOut } from './serialize.js';
import type { Viewer } from './viewer.js';

export const SESSIONS_QUERY: QuerySpec = {
  filters: { sold_out: 'boolean', start_datetime: 'datetime', end_datetime: 'datetime', ticket_group_id: 'string', id: 'string' },
  sorts: ['start_datetime', 'end_datetime'],
  defaultLimit: 1000,
  maxLimit: 5000,
};

/** start_datetime bounds become a SQL window; the rest filter in memory. */
export function startWindow(filters: Filter[]): { startFrom?: string; startBefore?: string } {
  const window: { startFrom?: string; startBefore?: string } = {};
  for (const f of filters) {
    if (f.field !== 'start_datetime') continue;
    if (f.op === 'gte') window.startFrom = f.value as string;
    if (f.op === 'lt') window.startBefore = f.value as string;
  }
  return window;
}

/** Groups a request is about: those named by ticket_group_id filters, else every visible group. */
export function groupFilterIds(filters: Filter[]): string[] | null {
  const f = filters.find((x) => x.field === 'ticket_group_id');
  if (!f) return null;
  return (Array.isArray(f.value) ? f.value : [f.value]).map(String);
}

/** GET and POST events/{id}/sessions: the event's sessions for these groups in the query's window (ondate, start_datetime bounds). */
export function sessionsInQueryWindow(db: Tx, input: { eventId: string; timezone: string; groups: Selectable<TicketGroupTable>[]; query: ParsedQuery; now: Date }) {
  const { eventId, timezone, groups, query, now } = input;
  return loadSessions(db, { eventId, timezone, groups, window: { ondate: query.ondate, ...startWindow(query.filters) }, now });
}

/** GET and POST events/{id}/sessions: the query's page of the rows in its order (by start when it names none), and how many there are. */
export function sessionPage<T extends Record<string, unknown>>(rows: T[], query: ParsedQuery) {
  const sorted = applySort(rows, query.sort.length ? query.sort : [{ field: 'start_datetime', direction: 'asc' }]);
  return { page: sorted.slice(query.offset, query.offset + query.limit), total: sorted.length };
}

/** GET events/{id}/sessions (docs/events.md#calls). */
export async function listSessions(db: Tx, input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery; now: Date }) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const wanted = groupFilterIds(input.query.filters);
  const groups = wanted ? offer.groups.filter((g) => wanted.includes(g.id)) : offer.groups;
  const { sessions, used } = await sessionsInQueryWindow(db, { eventId: event.id, timezone, groups, query: input.query, now: input.now });
  const rows = sessions.map((s) => {
    const room = wanted && !groups.length ? 0 : roomForGroups(s, groups, (g) => used(s.id, g));
    return { ...sessionOut(s, timezone, event.seller_id), availableCapacity: room, sold_out: room === 0 };
  });
  const { page, total } = sessionPage(applyFilters(rows, input.query.filters.filter((f) => f.field !== 'ticket_group_id')), input.query);
  return document('event_session', page, total, {}, { offset: input.query.offset, limit: input.query.limit });
}
