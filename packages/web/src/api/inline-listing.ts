import type { QueryClient } from '@tanstack/react-query';
import { INLINE_LISTING_ID } from '@foyer/contracts/constants';
import { navigationStart } from '../lib/navigation-start.js';
import { isDocument, readDataBlock } from './data-block.js';
import { eventsAvailableQuery, unfilteredListing } from './queries.js';

/**
 * Takes the listing's unfiltered answer from its HTML shell (GET events/available as /cached_api
 * answers it; the server's http/storefront-shell.ts), so /events renders its cards without a round
 * trip after the app starts, and their images are asked for that much sooner. Without the block,
 * or when it cannot be read, the page asks as before. A member's listing is asked again anyway
 * (membership/member-reads.tsx): this is the public one.
 */
export function seedInlineListing(client: QueryClient, doc: Document = document): boolean {
  return seedListing(client, readDataBlock(doc, INLINE_LISTING_ID));
}

/** The same from the listing's document itself (the server's render holds it). */
export function seedListing(client: QueryClient, listing: unknown): boolean {
  if (!isDocument(listing) || !listing.event_template) return false;
  // Read no sooner than this page was asked for: how old it may be.
  client.setQueryData(eventsAvailableQuery(unfilteredListing()).queryKey, listing, { updatedAt: navigationStart() });
  return true;
}
