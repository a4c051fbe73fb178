import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TDocument } from '@foyer/contracts';
import { parseConfigDocument } from '../config/config.js';
import { EVENT_CALENDAR_FORMAT, EVENT_DETAIL_EMBED, LISTING_EMBED, LISTING_HIDDEN_TYPES, flexibleOptionFilters } from '@foyer/contracts/constants';
import { api, type Query } from './client.js';

/**
 * TanStack Query factories (docs/architecture.md#areas). Keys: `[resource, 'detail', id]` and
 * `[resource, 'list', params]`.
 */

/** The event page's and the listing's embeds (in contracts: the server answers those reads inside the pages' HTML shells). */
export { EVENT_DETAIL_EMBED, LISTING_EMBED, LISTING_HIDDEN_TYPES };

/** The listing's query without a filter: what it lists at first, and what its category choices come from. */
export const unfilteredListing = (): Query => ({ 'hidden_type._in': [...LISTING_HIDDEN_TYPES] });
export const SESSION_LIMIT = 500;

/** Seller configuration, fetched once at start (GET /api/config?_embed=seller). */
export function configQuery() {
  return queryOptions({
    queryKey: ['config', 'list', { _embed: 'seller' }] as const,
    queryFn: async ({ signal }) => {
      const doc = await api.get<TDocument>('config', { embed: ['seller'], signal });
      const config = parseConfigDocument(doc);
      if (config.seller) api.setSellerId(config.seller.id);
      return config;
    },
    staleTime: 5 * 60_000,
  });
}

/** The listing (GET /cached_api/events/available) with filter query parameters already mapped. */
export function eventsAvailableQuery(params: Query, withGroups = false) {
  return queryOptions({
    // The upsell listing also embeds the ticket groups (their handlers decide what is an add-on).
    queryKey: withGroups ? (['events', 'list', params, 'ticket_group'] as const) : (['events', 'list', params] as const),
    queryFn: ({ signal }) =>
      // A member's listing asks for the members-only events too (docs/events.md#members-only-events _withmemberevents).
      api.get<TDocument>('events/available', { cached: true, embed: withGroups ? [...LISTING_EMBED, 'ticket_group'] : LISTING_EMBED, query: api.isViewerScoped() ? { ...params, _withmemberevents: 'T' } : params, signal }),
    staleTime: 60_000,
  });
}

export function eventQuery(id: string) {
  return queryOptions({
    queryKey: ['events', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(id)}`, { cached: true, embed: EVENT_DETAIL_EMBED, signal }),
    staleTime: 60_000,
    // A missing event stays missing: do not ask again when the page mounts after the prefetch.
    retryOnMount: false,
  });
}

export function calendarQuery(eventId: string) {
  return queryOptions({
    queryKey: ['calendar', 'list', { event: eventId, _format: EVENT_CALENDAR_FORMAT }] as const,
    queryFn: ({ signal }) =>
      api.get<TDocument>(`events/${encodeURIComponent(eventId)}/calendar`, { cached: true, query: { _format: EVENT_CALENDAR_FORMAT }, signal }),
    staleTime: 30_000,
  });
}

export function sessionsQuery(eventId: string, date: string, options: { hideSoldOut: boolean }) {
  const query: Query = { _sort: 'start_datetime', _ondate: date };
  if (options.hideSoldOut) query.sold_out = 'F';
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query }] as const,
    queryFn: ({ signal }) =>
      api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { cached: true, query, limit: SESSION_LIMIT, signal }),
    staleTime: 30_000,
  });
}

/** The first session on sale (docs/events.md#calls: uncached, limit 1, sold_out=F) — flexible any-day events. */
export function firstOpenSessionQuery(eventId: string) {
  const query: Query = { sold_out: 'F', _sort: 'start_datetime' };
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query, _limit: 1 }] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { query, limit: 1, signal }),
    staleTime: 30_000,
  });
}

/** One session by id (the `session=<id>` query parameter of the event page). */
export function sessionByIdQuery(eventId: string, sessionId: string) {
  const query: Query = { id: sessionId };
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query }] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { cached: true, query, limit: 1, signal }),
    staleTime: 30_000,
  });
}

/**
 * Room for one ticket group in one session (docs/events.md#calls availability check: uncached /api, limit 1):
 * the session as GET events/{id}/sessions returns it with ticket_group_id._in=<group>, whose
 * availableCapacity is the group's room (bounded by the session's unless the group is excluded).
 */
export function groupAvailabilityQuery(eventId: string, sessionId: string, groupId: string) {
  const query: Query = { id: sessionId, 'ticket_group_id._in': groupId };
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query, _limit: 1, fresh: true }] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { query, limit: 1, signal }),
    staleTime: 5_000,
  });
}

/**
 * Reloads a day's sessions past every cache (after event_session_sold_out) and puts them where
 * the session picker reads them.
 */
export async function reloadSessions(client: QueryClient, eventId: string, date: string, options: { hideSoldOut: boolean }): Promise<TDocument> {
  const cachedOptions = sessionsQuery(eventId, date, options);
  const query: Query = { _sort: 'start_datetime', _ondate: date };
  if (options.hideSoldOut) query.sold_out = 'F';
  const doc = await api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { query, limit: SESSION_LIMIT });
  client.setQueryData(cachedOptions.queryKey, doc);
  return doc;
}

/** Reloads the calendar past every cache (a day sold out under the buyer). */
export async function reloadCalendar(client: QueryClient, eventId: string): Promise<TDocument> {
  const doc = await api.get<TDocument>(`events/${encodeURIComponent(eventId)}/calendar`, { query: { _format: 'extended' } });
  client.setQueryData(calendarQuery(eventId).queryKey, doc);
  return doc;
}

/** Reloads the first open session past every cache (flexible events). */
export async function reloadFirstOpenSession(client: QueryClient, eventId: string): Promise<TDocument> {
  const options = firstOpenSessionQuery(eventId);
  const doc = await api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { query: { sold_out: 'F', _sort: 'start_datetime' }, limit: 1 });
  client.setQueryData(options.queryKey, doc);
  return doc;
}

/**
 * The flexible any-date option of a dated event (docs/events.md#the-event-page "a choice between a single date and
 * flexible any-date tickets"): a session on sale now that spans days — it starts within the next
 * 24 hours (or already has) and ends at least 48 hours from now. `hour` (epoch ms, whole hours)
 * keeps the key stable.
 */
export function flexibleOptionQuery(eventId: string, hour: number) {
  const query: Query = flexibleOptionFilters(hour);
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query, _limit: 1 }] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { cached: true, query, limit: 1, signal }),
    staleTime: 60_000,
  });
}
