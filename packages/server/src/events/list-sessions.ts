import type { Tx } from '../db/database.js';
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

/** GET events/{id}/sessions (docs/events.md#calls). */
export async function listSessions(db: Tx, input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery; now: Date }) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const wanted = groupFilterIds(input.query.filters);
  const groups = wanted ? offer.groups.filter((g) => wanted.includes(g.id)) : offer.groups;
  const { sessions, used } = await loadSessions(db, {
    eventId: event.id,
    timezone,
    groups,
    window: { ondate: input.query.ondate, ...startWindow(input.query.filters) },
    now: input.now,
  });
  const rows = sessions.map((s) => {
    const room = wanted && !groups.length ? 0 : roomForGroups(s, groups, (g) => used(s.id, g));
    return { ...sessionOut(s, timezone, event.seller_id), availableCapacity: room, sold_out: room === 0 };
  });
  const filtered = applySort(
    applyFilters(rows, input.query.filters.filter((f) => f.field !== 'ticket_group_id')),
    input.query.sort.length ? input.query.sort : [{ field: 'start_datetime', direction: 'asc' }],
  );
  const page = filtered.slice(input.query.offset, input.query.offset + input.query.limit);
  return document('event_session', page, filtered.length, {}, { offset: input.query.offset, limit: input.query.limit });
}
