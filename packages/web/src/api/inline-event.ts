import type { QueryClient } from '@tanstack/react-query';
import { INLINE_EVENT_ID, type InlineEventReads } from '@foyer/contracts/constants';
import { navigationStart } from '../lib/navigation-start.js';
import { seedZoneOffsets } from '../lib/venue-time.js';
import { calendarQuery, eventQuery, flexibleOptionQuery } from './queries.js';
import { isDocument, readDataBlock } from './data-block.js';

/**
 * Takes the event page's first reads from its HTML shell (GET events/{id}, its calendar and the
 * flexible option's first session, as /cached_api would answer them; the server's
 * http/storefront-shell.ts), so the page's first render has them without round trips and the
 * re-renders their answers would cause (a hydrating page's would be synchronous), and its time
 * zones' offsets (lib/venue-time.ts), so that render needs no Intl. Without
 * the block, or when it cannot be read, the page asks as before. A member's reads are asked again
 * anyway (membership/member-reads.tsx): these are the public ones.
 */
export function seedInlineEvent(client: QueryClient, doc: Document = document): boolean {
  return seedEventReads(client, readDataBlock(doc, INLINE_EVENT_ID));
}

/** The same from the reads themselves (the server's render holds them). */
export function seedEventReads(client: QueryClient, value: unknown): boolean {
  if (!isDocument(value)) return false;
  const reads = value as unknown as InlineEventReads;
  try {
    if (typeof reads.id !== 'string' || !isDocument(reads.event) || !isDocument(reads.calendar)) return false;
    // Read no sooner than this page was asked for: how old they may be (staleness, the live stream's catch-up).
    const read = { updatedAt: navigationStart() };
    client.setQueryData(eventQuery(reads.id).queryKey, reads.event, read);
    client.setQueryData(calendarQuery(reads.id).queryKey, reads.calendar, read);
    if (reads.flexible && Number.isSafeInteger(reads.flexible.hour) && isDocument(reads.flexible.sessions)) {
      client.setQueryData(flexibleOptionQuery(reads.id, reads.flexible.hour).queryKey, reads.flexible.sessions, read);
    }
    for (const [zone, offsets] of Object.entries(reads.zones ?? {})) seedZoneOffsets(zone, offsets);
    return true;
  } catch {
    return false;
  }
}
