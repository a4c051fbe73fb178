import { fromMinor, type TTicketTypesRequired } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { resolveDemand, sessionTakes } from './demand.js';
import { findEvent } from './find-event.js';
import { loadOffer } from './load-offer.js';
import { sessionOut } from './serialize.js';
import { sessionPage, sessionsInQueryWindow } from './list-sessions.js';
import type { Viewer } from './viewer.js';

export const PRICE_SESSIONS_QUERY: QuerySpec = {
  filters: { start_datetime: 'datetime' },
  params: { _include_sold_out: 'boolean' },
  sorts: ['start_datetime', 'end_datetime'],
  defaultLimit: 1000,
  maxLimit: 5000,
};

/** POST events/{id}/sessions: sessions that can take the given quantities, with their price schedule. */
export async function priceSessions(
  db: Tx,
  input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery; body: TTicketTypesRequired; now: Date },
) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const demand = resolveDemand(offer, input.body, { context: 'event_sessions' });
  // `[]` names no group: any of the event's will do, as GET does.
  const groups = demand.groups.length ? demand.groups : offer.groups;
  const { sessions, used } = await sessionsInQueryWindow(db, { eventId: event.id, timezone, groups, query: input.query, now: input.now });
  const rows = sessions.map((s) => ({ ...sessionOut(s, timezone, event.seller_id), sold_out: !sessionTakes(s, demand, groups, used) }));
  const { page, total } = sessionPage(input.query.params._include_sold_out === true ? rows : rows.filter((r) => !r.sold_out), input.query);
  const schedule = page.flatMap((s) =>
    demand.lines.map((l) => ({
      event_session_id: s.id,
      ticket_type_id: l.ticketTypeId,
      ticket_group_id: l.groupId,
      currency_amount: fromMinor(l.unitPrice),
      quantity: l.quantity,
      total: fromMinor(l.unitPrice * l.quantity),
    })),
  );
  return document('event_session', page, total, { price_schedule: schedule }, { offset: input.query.offset, limit: input.query.limit });
}
