import type { TAdminSessionList, TAdminSessionQuery, TAdminSessionRow } from '@foyer/contracts';
import type { Db, Tx } from '../db/database.js';
import { dayBounds } from '../time/venue-time.js';
import { document } from '../http/envelope.js';
import { defaultSellerZone, sessionsBetween, ticketTypesOfEvents } from './admin-sessions.repository.js';

type Row = Awaited<ReturnType<typeof sessionsBetween>>['rows'][number];

export function sessionRowOut(r: Row): TAdminSessionRow {
  const capacity = r.capacity;
  return {
    id: r.id,
    event_id: r.event_id,
    event_name: r.event_name,
    start_datetime: r.start_datetime,
    capacity,
    oversell_capacity: r.oversell_capacity,
    sold: r.sold,
    held: r.held,
    oldest_hold_at: r.oldest_hold_at ?? null,
    checked_in: r.checked_in,
    available: capacity === -1 ? null : Math.max(0, capacity + r.oversell_capacity - r.used_capacity),
    closed: r.sale_closed === 1,
  };
}

/** GET admin/sessions (docs/box-office.md, Sessions): one day's sessions with sold, held, checked in, available. */
export async function listAdminSessions(db: Db, q: TAdminSessionQuery): Promise<TAdminSessionList> {
  const { start, end } = dayBounds(q.date, await defaultSellerZone(db));
  const { rows, total } = await sessionsBetween(db, { start, end, eventId: q.event_id, limit: q._limit, offset: q._offset });
  const types = await ticketTypesOfEvents(db, [...new Set(rows.map((r) => r.event_id))]);
  const typesOf = (eventId: string) => [...new Map(types.filter((x) => x.event_template_id === eventId).map((x) => [x.id, { id: x.id, name: x.name, ticket_group_id: x.ticket_group_id, seated: x.handler === 'seated' }])).values()];
  return document('admin_session', rows.map((r) => ({ ...sessionRowOut(r), ticket_types: typesOf(r.event_id) })), total, {}, { offset: q._offset, limit: q._limit }) as TAdminSessionList;
}

export async function oneSession(db: Tx, id: string, date: { start: string; end: string }) {
  const { rows } = await sessionsBetween(db, { ...date, limit: 1000, offset: 0 });
  return rows.find((r) => r.id === id);
}
