/**
 * The storefront's event page addresses (web app/router.tsx: events/:id and events/:id/:action),
 * written once: the server paints and fills those pages' HTML shell (http/storefront-shell.ts),
 * and the app hands over from that picture only there (web app/prepaint.ts).
 */
const EVENT_PAGE_PATH = /^\/events\/([^/?#]+)(?:\/[^/?#]+)?\/?$/;

/** The (still encoded) event id segment of an event page's path, or null for any other path. */
export function eventPagePathId(pathname: string): string | null {
  return EVENT_PAGE_PATH.exec(pathname)?.[1] ?? null;
}

export const isEventPagePath = (pathname: string) => eventPagePathId(pathname) !== null;
