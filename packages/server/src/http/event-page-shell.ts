import { coverImageId } from '@foyer/contracts/rules';
import type { Tx } from '../db/database.js';
import { eventById, imagesByIds, venuesByIds } from '../events/events.repository.js';
import { isEventId } from '../events/find-event.js';

/** The event page's paths (web/src/app/router.tsx: events/:id and events/:id/:action). */
const EVENT_PAGE = /^\/events\/([^/?#]+)(?:\/[^/?#]+)?\/?(?:[?#]|$)/;

/** What an event page's HTML shell shows before the app runs: the top of the page as GET events/{id} has it. */
export interface EventShell {
  name: string;
  subtitle: string | null;
  venueName: string | null;
  /** The cover (the event's cover image, else its profile image) with its stored size, if any. */
  cover: { id: string; width: number | null; height: number | null } | null;
}

/** The event id an event page's address names (events/:id and events/:id/:action), or null for any other page. */
export function eventPageId(url: string): string | null {
  const encoded = EVENT_PAGE.exec(url)?.[1];
  if (!encoded) return null;
  try {
    const id = decodeURIComponent(encoded);
    return isEventId(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The seller's event an event page's address names; any other page or an unknown event (or
 * another seller's): null. Every event of the seller is readable by id (find-event.ts), so the
 * shell shows nothing the page would not.
 */
export async function loadEventShell(db: Tx, sellerId: string, url: string): Promise<EventShell | null> {
  const id = eventPageId(url);
  if (!id) return null;
  const event = await eventById(db, sellerId, id);
  if (!event) return null;
  const coverId = coverImageId(parseMeta(event.meta));
  const [[venue], [image]] = await Promise.all([venuesByIds(db, [event.venue_id]), coverId ? imagesByIds(db, [coverId]) : []]);
  return {
    name: event.name,
    subtitle: event.subtitle || null,
    venueName: venue?.name || null,
    cover: coverId ? { id: coverId, width: image?.width ?? null, height: image?.height ?? null } : null,
  };
}

/** The event's meta column (JSON text); unreadable meta reads as none rather than an error. */
function parseMeta(text: string | null): Record<string, unknown> | null {
  try {
    const meta: unknown = text === null ? null : JSON.parse(text);
    return meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
