import type { InlineEventReads } from '@foyer/contracts/constants';
import type { Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { SellerTable } from '../db/schema.js';
import { listingPageReads } from '../events/listing-page-reads.js';
import { eventPageId, isListingPage } from '../http/event-page-shell.js';
import { eventFactsOf } from './event-facts.js';
import { nextSessions } from './next-sessions.js';
import { pageHeadTags, type PageHead } from './page-head.js';
import { eventPageHead, homePageHead, listingPageHead, missingEventPageHead, type SiteImages } from './public-page-heads.js';

/** What the page's shell has read already (http/storefront-shell.ts): the event page's first reads, the listing's answer. */
export interface ShellReads {
  seller: Selectable<SellerTable>;
  eventReads: InlineEventReads | null;
  listing: SiteImages['listing'];
}

/**
 * The <head> tags of a public page — `/`, `/events` (any filter) and `/events/{id}` (and its
 * sub-pages, which share its canonical address) — from the reads the page's shell makes, plus the
 * event's next sessions (and the listing, for home's picture). Any other page: none (the built
 * title stays). A failed read leaves out only what needed it, logged.
 */
export function storefrontPageHead(ctx: AppContext) {
  const readSessions = nextSessions(ctx);
  const readListing = listingPageReads(ctx);
  return async (url: string, reads: ShellReads, log?: FastifyBaseLogger): Promise<string> => {
    const { seller } = reads;
    const site = { publicUrl: ctx.settings.publicUrl, sellerName: seller.name, currency: seller.currency };
    const logo = (JSON.parse(seller.meta || '{}') as Record<string, unknown>).logo;
    const path = url.split(/[?#]/, 1)[0];
    let head: PageHead | null = null;
    const eventId = eventPageId(url);
    if (eventId) {
      const sessions = reads.eventReads ? await readSessions(seller, eventId).catch((error: unknown) => (log?.warn({ err: error }, 'page head: next sessions unread'), [])) : [];
      const facts = reads.eventReads ? eventFactsOf(reads.eventReads, sessions) : null;
      head = facts ? eventPageHead(facts, site) : missingEventPageHead(eventId, site);
    } else if (isListingPage(url)) {
      head = listingPageHead(site, { logo, listing: reads.listing });
    } else if (path === '/' || path === '') {
      const listing = reads.listing ?? (await readListing(seller).catch((error: unknown) => (log?.warn({ err: error }, 'page head: listing unread'), null)));
      head = homePageHead(site, { logo, listing: listing });
    }
    return head ? pageHeadTags(head) : '';
  };
}
