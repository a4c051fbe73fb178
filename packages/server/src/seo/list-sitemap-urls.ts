import type { TEventTemplate } from '@foyer/contracts';
import { isAddOnMeta } from '@foyer/contracts/rules';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { parseQuery } from '../http/query.js';
import { AVAILABLE_EVENTS_QUERY, listAvailableEvents } from '../events/list-available-events.js';
import { ANONYMOUS } from '../events/viewer.js';
import { eventPageUrl } from './event-json-ld.js';

/**
 * The sitemap's addresses: home, the listing, and the page of each event the listing shows
 * everyone (public_browsable, with sessions on sale; add-ons, which are bought beside an
 * admission, left out). Never members-only or link-only events.
 */
export function listSitemapUrls(ctx: AppContext) {
  const query = parseQuery({ hidden_type: 'public_browsable', _limit: String(AVAILABLE_EVENTS_QUERY.maxLimit) }, AVAILABLE_EVENTS_QUERY);
  return async (seller: Selectable<SellerTable>): Promise<string[]> => {
    const answer = await listAvailableEvents(ctx.db, { sellerId: seller.id, timezone: seller.timezone, viewer: ANONYMOUS, now: ctx.now(), query });
    const events = (answer as { event_template: { _data: TEventTemplate[] } }).event_template._data;
    const { publicUrl } = ctx.settings;
    return [
      `${publicUrl}/`,
      `${publicUrl}/events`,
      ...events.filter((e) => e.hidden_type === 'public_browsable' && !isAddOnMeta(e.meta)).map((e) => eventPageUrl(publicUrl, e.id)),
    ];
  };
}
