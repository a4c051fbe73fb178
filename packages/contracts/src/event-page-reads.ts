/**
 * The reads the storefront's event page starts with (web api/queries.ts eventQuery and
 * calendarQuery), and the listing's, written once: the server answers them inside the page's HTML
 * shell (http/storefront-shell.ts), so the page's first render has them.
 */
export const EVENT_DETAIL_EMBED = ['venue', 'ticket_group', 'ticket_type', 'ticket_group_rule', 'message_rule', 'config', 'image'] as const;

/** The calendar format the event page asks for. */
export const EVENT_CALENDAR_FORMAT = 'extended';

const HOUR_MS = 3_600_000;

/** The whole hour (epoch ms) a time falls in: what keys the flexible option's read, so it stays one read for an hour. */
export const wholeHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * The flexible any-date option a dated event page looks for (docs/server-rendering.md; web
 * api/queries.ts flexibleOptionQuery): the first session on sale that starts within 24 hours of
 * `hour` (or already has) and ends at least 48 hours after it, asked with a limit of 1.
 */
export function flexibleOptionFilters(hour: number): Record<string, string> {
  return {
    sold_out: 'F',
    'start_datetime._lt': new Date(hour + 24 * HOUR_MS).toISOString(),
    'end_datetime._gte': new Date(hour + 48 * HOUR_MS).toISOString(),
    _sort: 'start_datetime',
  };
}

/** The id of the data block with those answers in the shell (web api/inline-event.ts reads it). */
export const INLINE_EVENT_ID = 'foyer-event';

/** What the listing (/events) asks GET events/available for: its embeds and the hidden types it lists (web api/queries.ts). */
export const LISTING_EMBED = ['venue', 'image'] as const;
export const LISTING_HIDDEN_TYPES = ['public_browsable', 'public_member_only'] as const;
/** How many of the listing's first cards load their images at once (the rest lazily); the listing's shell preloads them. */
export const LISTING_EAGER_CARDS = 2;

/**
 * The id of the data block with the listing's unfiltered answer (everyone's view) in the listing's
 * shell: the page's list, or its category choices under a filter (web api/inline-listing.ts).
 */
export const INLINE_LISTING_ID = 'foyer-listing';

/**
 * The id of the data block a server-rendered page carries its routes' data in (the router's
 * hydration state; web app/start-router.ts).
 */
export const INLINE_ROUTER_ID = 'foyer-router';

/** The id of the data block with the default seller's configuration (GET config?_embed=seller), in every page (web api/inline-config.ts). */
export const INLINE_CONFIG_ID = 'foyer-config';

/**
 * A server-rendered page's query cache as the render left it (TanStack Query's dehydrated state,
 * web api/inline-queries.ts), in place of the page's reads blocks, and the time zone offsets the
 * event block would have carried.
 */
export const INLINE_QUERIES_ID = 'foyer-queries';
export const INLINE_ZONES_ID = 'foyer-zones';

/**
 * The page's first reads as the server holds them (the documents its data blocks carry as JSON):
 * the render takes them as they are rather than parsing the blocks' text again.
 */
export interface ServerPageData {
  config: unknown;
  event?: unknown;
  listing?: unknown;
}

/** What the server reads for a render beyond the page's blocks: a filtered listing's (GET events/available with these parameters). */
export interface ServerReads {
  listing?(params: Record<string, string>): Promise<unknown>;
}

/**
 * What the web's server entry answers for a page (web src/entry-server.tsx, server
 * http/server-render.ts): the markup of #root as a stream of UTF-8 bytes (drawn whole before the
 * first byte), the routes' data and query cache to hydrate with, or a redirect a route's loader
 * asked for.
 */
export type ServerRenderedPage =
  | { kind: 'page'; body: ReadableStream<Uint8Array>; status: number; routerData: { loaderData: Record<string, unknown> }; queries: unknown }
  | { kind: 'redirect'; status: number; location: string };

/** A stretch of time with one UTC offset: until `until` (exclusive; null: to the table's end). */
export interface ZoneOffsetSegment {
  until: string | null;
  offsetMinutes: number;
}

/**
 * A time zone's UTC offsets over [from, to), in order. The page turns instants into venue-local
 * dates and times with it instead of Intl, whose first use costs a phone ~100 ms of main thread
 * (docs/performance.md); instants outside it are converted through Intl as before.
 */
export interface ZoneOffsets {
  from: string;
  to: string;
  segments: ZoneOffsetSegment[];
}

/**
 * The data block's shape: the event page's id, what GET events/{id}, its calendar and the flexible
 * option's read answered, and the offsets of the time zones they show times in (the seller's and the venues').
 */
export interface InlineEventReads {
  id: string;
  event: unknown;
  calendar: unknown;
  /** The flexible option's read (its first session, limit 1) for the whole hour `hour`. */
  flexible?: { hour: number; sessions: unknown };
  zones?: Record<string, ZoneOffsets>;
}
