import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import { matchesFilter, type ParsedQuery, type QuerySpec } from '../http/query.js';
import { eventSiblings } from './embed-siblings.js';
import { eventsOfSeller, venuesByIds } from './events.repository.js';
import { loadOffer } from './load-offer.js';
import { eventOut } from './serialize.js';
import { canSee, type Viewer } from './viewer.js';

export const EVENT_TEMPLATES_QUERY: QuerySpec = {
  filters: { id: 'string' },
  embeds: ['venue', 'meta'],
  defaultLimit: 100,
  maxLimit: 1000,
};

/**
 * GET event_template (docs/events.md#calls: `id._in`, embed venue or meta,venue): the events an order or a
 * visit names, whatever their sessions. Events named by id are found as GET events/{id} finds
 * them (members-only and link-only ones too: the visitor holds tickets for them); without an id
 * filter, the events the listing could show.
 */
export async function listEventTemplates(db: Tx, input: { sellerId: string; timezone: string; viewer: Viewer; query: ParsedQuery }) {
  const { query, viewer } = input;
  // Named only by an exact id or a list of them: a range (`id._gte=0`) would list the unlisted ones.
  const named = query.filters.some((f) => f.field === 'id' && (f.op === 'eq' || f.op === 'in'));
  const events = (await eventsOfSeller(db, input.sellerId)).filter(
    (e) => query.filters.every((f) => matchesFilter((e as Record<string, unknown>)[f.field], f)) && (named || (e.hidden_type !== 'public_link_only' && canSee(viewer, e.hidden_type))),
  );
  const page = events.slice(query.offset, query.offset + query.limit);
  const venues = new Map((await venuesByIds(db, [...new Set(page.map((e) => e.venue_id))])).map((v) => [v.id, v]));
  const offer = await loadOffer(db, page.map((e) => e.id), viewer);
  const siblings = await eventSiblings(db, input.sellerId, page, offer, query.embed);
  return document('event_template', page.map((e) => eventOut(e, offer.eventMinPrice.get(e.id) ?? null, venues.get(e.venue_id))), events.length, siblings, { offset: query.offset, limit: query.limit });
}
