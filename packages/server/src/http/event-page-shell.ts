import { coverImageId, eventPagePathId } from '@foyer/contracts/rules';
import type { InlineEventReads } from '@foyer/contracts/constants';
import { isEventId } from '../events/find-event.js';

/** The address is the home page's (/, with or without a query). */
export function isHomePage(url: string): boolean {
  return url.split(/[?#]/, 1)[0] === '/';
}

/** The address is the listing's (/events, with or without filters). */
export function isListingPage(url: string): boolean {
  return url.split(/[?#]/, 1)[0] === '/events';
}

/** The event id an event page's address names (events/:id and events/:id/:action), or null for any other page. */
export function eventPageId(url: string): string | null {
  const encoded = eventPagePathId(url.split(/[?#]/, 1)[0]);
  if (!encoded) return null;
  try {
    const id = decodeURIComponent(encoded);
    return isEventId(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The image an event page's cover shows (the event's cover image, else its profile image), from
 * the page's own first read (GET events/{id}, events/event-page-reads.ts): what its HTML preloads.
 */
export function eventCoverId(reads: InlineEventReads): string | null {
  const event = (reads.event as { event_template?: { _data?: { meta?: Record<string, unknown> | null }[] } }).event_template?._data?.[0];
  return event ? coverImageId(event.meta ?? null) : null;
}
