import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventPageId, isListingPage } from './event-page-shell.js';
import { escapeHtml } from '../mail/escape-html.js';

/** Written by the web build (packages/web/build/route-preloads.ts): route → the JS its page needs beyond the entry's. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const ASSET_JS = /^assets\/[\w.-]+\.js$/;

/** What a page's shell adds for its JS: modulepreload links for its chunks. */
export interface PageScripts {
  links: string;
}

const NONE: PageScripts = { links: '' };

/** The route-preloads.json key of a page that has its chunks preloaded: an event page or the listing; null for any other. */
function preloadedRoute(url: string): '/events/{id}' | '/events' | null {
  if (eventPageId(url)) return '/events/{id}';
  return isListingPage(url) ? '/events' : null;
}

/**
 * modulepreload links for the chunks of an event page or of the listing in its shell, so a phone
 * fetches them beside the entry instead of a round trip after it (the entry's router is what would
 * ask for them). Read per request, as the shell is, so a rebuild is served at once; a build
 * without the file, or any other page: nothing.
 */
export async function pageScripts(webDist: string, url: string): Promise<PageScripts> {
  const route = preloadedRoute(url);
  if (!route) return NONE;
  let listed: Record<string, unknown>;
  try {
    listed = JSON.parse(await readFile(join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, unknown>;
  } catch {
    return NONE;
  }
  const files = listed[route];
  return {
    links: (Array.isArray(files) ? files : [])
      .filter((file): file is string => typeof file === 'string' && ASSET_JS.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join(''),
  };
}
