import type { Tx } from '../db/database.js';
import { applySort, type ParsedQuery, type QuerySpec, matchesFilter } from '../http/query.js';
import { document } from '../http/envelope.js';
import { eventsOfSeller, expiredSessionHolds, sessionsOfEvents, venuesByIds } from './events.repository.js';
import { EVENT_EMBEDS, eventSiblings } from './embed-siblings.js';
import { loadOffer } from './load-offer.js';
import { eventOut, sessionOut } from './serialize.js';
import { localTime } from '@foyer/contracts/rules';
import { dayBounds } from '../time/venue-time.js';
import { hasRoomFor, isOnSale } from './session-rules.js';
import { canSee, type Viewer } from './viewer.js';
import { mustExist } from '../must-exist.js';

export const AVAILABLE_EVENTS_QUERY: QuerySpec = {
  filters: {
    id: 'string',
    name: 'string',
    category: 'string',
    event_type: 'string',
    hidden_type: 'string',
    venue_id: 'string',
    start_time: 'time',
    'event_session.start_datetime': 'datetime',
  },
  params: { _withmemberevents: 'boolean', includeSessions: 'boolean' },
  embeds: [...EVENT_EMBEDS, 'event_session'],
  sorts: ['_rank', 'name', 'category'],
  metaFilters: true,
  defaultLimit: 100,
  maxLimit: 1000,
};

const EVENT_FIELDS = new Set(['id', 'name', 'category', 'event_type', 'hidden_type', 'venue_id']);

function metaMatches(meta: Record<string, unknown>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([key, value]) => {
    const actual = meta[key];
    if (typeof actual === 'boolean') return actual === ['t', 'true', '1'].includes(value.toLowerCase());
    // Meta is JSON: a string or number matches its text; an object or array never does.
    return (typeof actual === 'string' || typeof actual === 'number') && String(actual) === value;
  });
}

/** GET events/available: the listing (docs/events.md#listing, docs/events.md#calls). */
export async function listAvailableEvents(db: Tx, input: { sellerId: string; timezone: string; viewer: Viewer; query: ParsedQuery; now: Date }) {
  const { query, viewer } = input;
  const withMembers = query.params._withmemberevents === true;
  const all = await eventsOfSeller(db, input.sellerId);
  let events = all.filter(
    (e) =>
      e.hidden_type !== 'public_link_only' &&
      canSee(viewer, e.hidden_type) &&
      (e.hidden_type !== 'public_member_only' || withMembers) &&
      query.filters.filter((f) => EVENT_FIELDS.has(f.field)).every((f) => matchesFilter((e as Record<string, unknown>)[f.field], f)) &&
      metaMatches(JSON.parse(e.meta) as Record<string, unknown>, query.meta),
  );

  // Session constraints: a day, a start window, times of day. Events without a matching session drop out.
  const sessionFilters = query.filters.filter((f) => !EVENT_FIELDS.has(f.field));
  const wantSessions = query.params.includeSessions === true || query.embed.has('event_session');
  const venues = new Map((await venuesByIds(db, [...new Set(events.map((e) => e.venue_id))])).map((v) => [v.id, v]));
  const tzOf = (venueId: string) => venues.get(venueId)?.timezone ?? input.timezone;
  let sessions: ReturnType<typeof sessionOut>[] = [];
  if (query.ondate || sessionFilters.length || wantSessions) {
    const window = query.ondate ? dayBounds(query.ondate, input.timezone) : null;
    const rows = await sessionsOfEvents(db, events.map((e) => e.id), {
      nowIso: input.now.toISOString(),
      startFrom: window?.start,
      startBefore: window?.end,
    });
    const eventTz = new Map(events.map((e) => [e.id, tzOf(e.venue_id)]));
    // A full session may only be full of expired holds the sweeper has not freed yet.
    const full = rows.filter((s) => isOnSale(s, input.now) && !hasRoomFor(s, 1)).map((s) => s.id);
    const freed = full.length ? await expiredSessionHolds(db, full, input.now.toISOString()) : new Map<string, number>();
    const current = rows.map((s) => {
      const free = freed.get(s.id);
      return free !== undefined ? { ...s, used_capacity: Math.max(0, s.used_capacity - free) } : s;
    });
    const matching = current.filter((s) => {
      if (!isOnSale(s, input.now) || !hasRoomFor(s, 1)) return false;
      const tz = mustExist(eventTz.get(s.event_template_id), `time zone of event ${s.event_template_id}`);
      return sessionFilters.every((f) =>
        f.field === 'start_time' ? matchesFilter(localTime(s.start_datetime, tz), f) : matchesFilter(s.start_datetime, f),
      );
    });
    sessions = matching.map((s) => sessionOut(s, mustExist(eventTz.get(s.event_template_id), `time zone of event ${s.event_template_id}`), input.sellerId));
    if (query.ondate || sessionFilters.length) {
      const withSession = new Set(matching.map((s) => s.event_template_id));
      events = events.filter((e) => withSession.has(e.id));
    }
  }

  const offer = await loadOffer(db, events.map((e) => e.id), viewer);
  const rows = applySort(
    events.map((e) => eventOut(e, offer.eventMinPrice.get(e.id) ?? null, venues.get(e.venue_id))),
    query.sort.length ? query.sort : [{ field: '_rank', direction: 'asc' }, { field: 'name', direction: 'asc' }],
  );
  const page = rows.slice(query.offset, query.offset + query.limit);
  const pageIds = new Set(page.map((e) => e.id));
  const siblings = await eventSiblings(db, input.sellerId, events.filter((e) => pageIds.has(e.id)), offer, query.embed);
  if (wantSessions) siblings.event_session = sessions.filter((s) => pageIds.has(s.event_template_id));
  return document('event_template', page, rows.length, siblings, { offset: query.offset, limit: query.limit });
}
