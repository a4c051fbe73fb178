import { EVENT_CALENDAR_FORMAT, EVENT_DETAIL_EMBED, flexibleOptionFilters, wholeHour, type InlineEventReads } from '@foyer/contracts/constants';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { parseQuery } from '../http/query.js';
import { CALENDAR_QUERY, getCalendar } from './get-calendar.js';
import { EVENT_QUERY, getEvent } from './get-event.js';
import { SESSIONS_QUERY, listSessions } from './list-sessions.js';
import { ANONYMOUS } from './viewer.js';
import { zoneOffsetsOf } from '../time/venue-time.js';

/**
 * What the storefront's event page reads first — GET events/{id} with its embeds, the event's
 * calendar and the flexible any-date option's first session — answered as /cached_api answers them (everyone's view), for the page's HTML shell,
 * with the UTC offsets of the zones the page shows times in (the seller's and the venues').
 * Throws as those reads do (an unknown event: event_not_found).
 */
export function eventPageReads(ctx: AppContext) {
  return async (seller: Selectable<SellerTable>, id: string): Promise<InlineEventReads> => {
    const common = { sellerId: seller.id, timezone: seller.timezone, viewer: ANONYMOUS, now: ctx.now() };
    const hour = wholeHour(common.now.getTime());
    const [event, calendar, flexible] = await Promise.all([
      getEvent(ctx.db, { ...common, id, query: parseQuery({ _embed: EVENT_DETAIL_EMBED.join(',') }, EVENT_QUERY) }),
      getCalendar(ctx.db, { ...common, id, dialect: ctx.dialect, query: parseQuery({ _format: EVENT_CALENDAR_FORMAT }, CALENDAR_QUERY) }),
      listSessions(ctx.db, { ...common, id, query: parseQuery({ ...flexibleOptionFilters(hour), _limit: '1' }, SESSIONS_QUERY) }),
    ]);
    const venues = (event as { venue?: { _data?: { timezone?: string | null }[] } }).venue?._data ?? [];
    const zones = [seller.timezone, ...venues.map((venue) => venue.timezone).filter((tz): tz is string => !!tz)];
    return { id, event, calendar, flexible: { hour, sessions: flexible }, zones: zoneOffsetsOf(zones, common.now) };
  };
}
