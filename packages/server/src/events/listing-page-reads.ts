import { LISTING_EMBED, LISTING_HIDDEN_TYPES } from '@foyer/contracts/constants';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { parseQuery } from '../http/query.js';
import { AVAILABLE_EVENTS_QUERY, listAvailableEvents } from './list-available-events.js';
import { ANONYMOUS } from './viewer.js';

/**
 * What the storefront's listing reads first — GET events/available with its embeds and hidden
 * types, unfiltered — answered as /cached_api answers it (everyone's view), for the page's HTML shell.
 */
export function listingPageReads(ctx: AppContext) {
  const query = parseQuery({ _embed: LISTING_EMBED.join(','), 'hidden_type._in': LISTING_HIDDEN_TYPES.join(',') }, AVAILABLE_EVENTS_QUERY);
  return (seller: Selectable<SellerTable>) => listAvailableEvents(ctx.db, { sellerId: seller.id, timezone: seller.timezone, viewer: ANONYMOUS, now: ctx.now(), query });
}
