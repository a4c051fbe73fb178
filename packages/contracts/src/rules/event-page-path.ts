/**
 * The storefront's event page addresses (web app/router.tsx: events/:id and events/:id/:action),
 * written once: the server renders and fills those pages' HTML (http/storefront-shell.ts).
 */
const EVENT_PAGE_PATH = /^\/events\/([^/?#]+)(?:\/[^/?#]+)?\/?$/;

/** The (still encoded) event id segment of an event page's path, or null for any other path. */
export function eventPagePathId(pathname: string): string | null {
  return EVENT_PAGE_PATH.exec(pathname)?.[1] ?? null;
}

export const isEventPagePath = (pathname: string) => eventPagePathId(pathname) !== null;
