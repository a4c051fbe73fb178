import { coverImageId, eventImageSetting, eventPagePathId } from '@foyer/contracts/rules';
import type { InlineEventReads } from '@foyer/contracts/constants';
import { isEventId } from '../events/find-event.js';

/** What an event page's HTML shell shows before the app runs: the top of the page as GET events/{id} has it. */
export interface EventShell {
  name: string;
  subtitle: string | null;
  venueName: string | null;
  /** The cover (the event's cover image, else its profile image) with its stored size, if any. */
  cover: { id: string; width: number | null; height: number | null; whole?: boolean } | null;
}

/** The address is the listing's (/events, with or without filters). */
export function isListingPage(url: string): boolean {
  return url.split(/[?#]/, 1)[0] === '/events';
}

/** The event id an event page's address names (events/:id and events/:id/:action), or null for any other page. */
export function eventPageId(url: string): string | null {
  const encoded = eventPagePathId(url.split(/[?#]/, 1)[0]!);
  if (!encoded) return null;
  try {
    const id = decodeURIComponent(encoded);
    return isEventId(id) ? id : null;
  } catch {
    return null;
  }
}

interface Row {
  id?: string;
  name?: string;
  subtitle?: string | null;
  venue_id?: string | null;
  meta?: Record<string, unknown> | null;
  width?: number | null;
  height?: number | null;
}
type Listed = { _data?: Row[] } | undefined;

/**
 * The top of the page from the page's own first read (GET events/{id} with its venue and image
 * embeds, events/event-page-reads.ts), so the picture shows exactly what the app will.
 */
export function eventShellOf(reads: InlineEventReads): EventShell | null {
  const document = reads.event as { event_template?: Listed; venue?: Listed; image?: Listed; config?: { _data?: { resource_id?: string; name: string; value: unknown }[] } };
  const event = document.event_template?._data?.[0];
  if (!event?.name) return null;
  const coverId = coverImageId(event.meta ?? null);
  const image = coverId ? document.image?._data?.find((row) => row.id === coverId) : undefined;
  return {
    name: event.name,
    subtitle: event.subtitle || null,
    venueName: (document.venue?._data?.find((row) => row.id === event.venue_id) ?? document.venue?._data?.[0])?.name || null,
    // docs/catalog.md image no_cropping: drawn whole, as the app's hero draws it.
    cover: coverId ? { id: coverId, width: image?.width ?? null, height: image?.height ?? null, ...(eventImageSetting(document.config?._data, event.id).noCropping ? { whole: true } : {}) } : null,
  };
}
