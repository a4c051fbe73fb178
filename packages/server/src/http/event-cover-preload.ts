import { coverImage, coverImageId } from '@foyer/contracts/rules';
import type { Tx } from '../db/database.js';
import { eventById } from '../events/events.repository.js';
import { isEventId } from '../events/find-event.js';
import { escapeHtml } from '../mail/escape-html.js';

/** The event page's paths (web/src/app/router.tsx: events/:id and events/:id/:action). */
const EVENT_PAGE = /^\/events\/([^/?#]+)(?:\/[^/?#]+)?\/?(?:[?#]|$)/;

/**
 * A preload hint for the cover of the event a shell is served for: the cover is the event page's
 * largest paint on a phone, and without the hint its address is known only once the page's chunk
 * has loaded and GET events/{id} has answered. srcset and sizes are the <img>'s own (the rule in
 * contracts), so the browser takes the same file for both. Any other page, an unknown event
 * (or another seller's) or one without a cover: no hint.
 */
export async function eventCoverPreload(db: Tx, sellerId: string, url: string): Promise<string> {
  const id = eventPageId(url);
  if (!id) return '';
  const event = await eventById(db, sellerId, id);
  const cover = coverImageId(event ? parseMeta(event.meta) : null);
  if (!cover) return '';
  const { src, srcSet, sizes } = coverImage(cover);
  return `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
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

/** The event's meta column (JSON text); unreadable meta means no hint rather than an error. */
function parseMeta(text: string | null): Record<string, unknown> | null {
  try {
    const meta: unknown = text === null ? null : JSON.parse(text);
    return meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
