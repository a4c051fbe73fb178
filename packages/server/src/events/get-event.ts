import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import { matchesFilter, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { EVENT_EMBEDS, eventSiblings } from './embed-siblings.js';
import { findEvent } from './find-event.js';
import { loadOffer } from './load-offer.js';
import { eventOut } from './serialize.js';
import type { Viewer } from './viewer.js';

export const EVENT_QUERY: QuerySpec = {
  filters: { 'ticket_group.id': 'string', 'ticket_group.hidden_type': 'string' },
  embeds: EVENT_EMBEDS,
};

/** GET events/{id} (docs/events.md#calls). */
export async function getEvent(db: Tx, input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery }) {
  const { event, venue } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const groupFilters = input.query.filters.map((f) => ({ ...f, field: f.field.replace('ticket_group.', '') }));
  offer.groups = offer.groups.filter((g) => groupFilters.every((f) => matchesFilter((g as Record<string, unknown>)[f.field], f)));
  const siblings = await eventSiblings(db, input.sellerId, [event], offer, input.query.embed);
  return document('event_template', [eventOut(event, offer.eventMinPrice.get(event.id) ?? null, venue)], 1, siblings);
}
