import { LISTING_EMBED, LISTING_HIDDEN_TYPES } from '@foyer/contracts/constants';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { parseQuery } from '../http/query.js';
import { AVAILABLE_EVENTS_QUERY, listAvailableEvents } from './list-available-events.js';
import { ANONYMOUS } from './viewer.js';

/**
 * What the storefront's listing reads first — GET events/available with its embeds and hidden
 * types, unfiltered — answered as /cached_api answers it (everyone's view), for the page's HTML
 * shell; with `params` (a filtered listing's, as the page asks: its server render), that read.
 * Parameters the call would refuse throw its 400.
 */
export function listingPageReads(ctx: AppContext) {
  const base = { _embed: LISTING_EMBED.join(','), 'hidden_type._in': LISTING_HIDDEN_TYPES.join(',') };
  return (seller: Selectable<SellerTable>, params: Record<string, string> = {}) =>
    listAvailableEvents(ctx.db, { sellerId: seller.id, timezone: seller.timezone, viewer: ANONYMOUS, now: ctx.now(), query: parseQuery({ ...params, ...base }, AVAILABLE_EVENTS_QUERY) });
}
