import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAINT_FIRST_KEY, PRELOADED_ROUTE, ROUTE_PRELOADS_FILE, type TPreloadedRoute } from '@foyer/contracts/web-build';
import { eventPageId, isHomePage, isListingPage } from './event-page-shell.js';
import { escapeHtml } from '../mail/escape-html.js';

const ASSET_JS = /^assets\/[\w.-]+\.js$/;

/** What a page's shell adds for its JS: modulepreload links for its chunks, and the paint-first script's file. */
export interface PageScripts {
  links: string;
  paintFirst: string | null;
}

const NONE: PageScripts = { links: '', paintFirst: null };

/** The route-preloads.json key of a page that has its chunks preloaded: the home page, an event page or the listing; null for any other. */
function preloadedRoute(url: string): TPreloadedRoute | null {
  if (eventPageId(url)) return PRELOADED_ROUTE.eventPage;
  if (isHomePage(url)) return PRELOADED_ROUTE.home;
  return isListingPage(url) ? PRELOADED_ROUTE.listing : null;
}

/**
 * modulepreload links for the chunks of the home page, an event page or the listing in its shell, so a phone
 * fetches them beside the entry instead of a round trip after it (the entry's router is what would
 * ask for them); the web build lists them (packages/web/build/route-preloads.ts). Read per request, as the shell is, so a rebuild is served at once; a build
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
  const paintFirst = listed[PAINT_FIRST_KEY];
  return {
    links: (Array.isArray(files) ? files : [])
      .filter((file): file is string => typeof file === 'string' && ASSET_JS.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join(''),
    paintFirst: typeof paintFirst === 'string' && ASSET_JS.test(paintFirst) ? `/${paintFirst}` : null,
  };
}

/** The built shell's entry script tag (Vite writes exactly this form). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** A modulepreload link as Vite writes it in the built shell, and as pageScripts writes them. */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * On a server-rendered page (docs/server-rendering.md): the entry's script tag and every modulepreload
 * link give way to the paint-first script (web/build/paint-first.js), which asks for them once the
 * first frame is drawn and runs the entry once the cover is drawn, so the JS neither competes with
 * the CSS and the cover nor holds their paint.
 */
export function runEntryAfterPaint(html: string, paintFirst: string): string {
  const modules: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_link, href: string) => {
    modules.push(href);
    return '';
  });
  return withoutPreloads.replace(
    ENTRY_SCRIPT,
    (_tag, entry: string) =>
      `<script type="module" crossorigin src="${escapeHtml(paintFirst)}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}"></script>`,
  );
}
