import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import { matchesFilter, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { eventSiblings } from './embed-siblings.js';
import { sessionById } from './events.repository.js';
import { findEvent } from './find-event.js';
import { loadOffer } from './load-offer.js';
import { loadSessions, roomForGroups } from './session-availability.js';
import { sessionOut } from './serialize.js';
import type { Viewer } from './viewer.js';

export const SESSION_QUERY: QuerySpec = {
  filters: { 'ticket_group.id': 'string', 'ticket_group.hidden_type': 'string' },
  embeds: ['venue', 'ticket_group', 'ticket_type', 'ticket_group_rule'],
};

/**
 * GET events/{eventId}/sessions/{sessionId} (docs/events.md#calls: embed venue; optionally ticket_group and
 * ticket_type, narrowed by ticket_group.id._in and hidden_type._in): one session, e.g. the one a
 * visit or a reschedule is about. On sale, its room is counted for the groups asked about as
 * GET events/{id}/sessions counts it; a session no longer on sale (ended, sales closed) is
 * still found, as it stands. "Session not found" (404) when it is not that event's.
 */
export async function getSession(db: Tx, input: { sellerId: string; timezone: string; id: string; sessionId: string; viewer: Viewer; query: ParsedQuery; now: Date }) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const row = await sessionById(db, event.id, input.sessionId);
  if (!row) throw new AppError(404, 'not_found', 'Session not found', 'event_session', { event_session_id: input.sessionId });
  const offer = await loadOffer(db, [event.id], input.viewer);
  const groupFilters = input.query.filters.map((f) => ({ ...f, field: f.field.replace('ticket_group.', '') }));
  offer.groups = offer.groups.filter((g) => groupFilters.every((f) => matchesFilter((g as Record<string, unknown>)[f.field], f)));
  // The event's on-sale sessions starting at this one's instant: this one, if it is on sale.
  const after = new Date(Date.parse(row.start_datetime) + 1).toISOString();
  const { sessions, used } = await loadSessions(db, { eventId: event.id, timezone, groups: offer.groups, window: { startFrom: row.start_datetime, startBefore: after }, now: input.now });
  const live = sessions.find((s) => s.id === row.id);
  let out = sessionOut(live ?? row, timezone, event.seller_id);
  if (live) {
    const room = groupFilters.length && !offer.groups.length ? 0 : roomForGroups(live, offer.groups, (g) => used(live.id, g));
    out = { ...out, availableCapacity: room, sold_out: room === 0 };
  }
  const siblings = await eventSiblings(db, input.sellerId, [event], offer, input.query.embed, (g) => (live ? used(live.id, g) : 0));
  return document('event_session', [out], 1, siblings);
}
