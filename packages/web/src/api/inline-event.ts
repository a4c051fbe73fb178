import type { QueryClient } from '@tanstack/react-query';
import type { TDocument } from '@foyer/contracts';
import { INLINE_EVENT_ID, type InlineEventReads } from '@foyer/contracts/constants';
import { navigationStart } from '../lib/navigation-start.js';
import { seedZoneOffsets } from '../lib/venue-time.js';
import { calendarQuery, eventQuery, flexibleOptionQuery } from './queries.js';

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
  const text = doc.getElementById(INLINE_EVENT_ID)?.textContent;
  if (!text) return false;
  try {
    const reads = JSON.parse(text) as InlineEventReads;
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

/** A JSON object (not null, not an array): what a data block's document must be. */
export const isDocument = (value: unknown): value is TDocument => typeof value === 'object' && value !== null && !Array.isArray(value);
