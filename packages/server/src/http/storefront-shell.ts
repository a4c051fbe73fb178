import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../app-context.js';
import { CONFIG_QUERY, listConfig } from '../config/list-config.js';
import { settingsConfigEntries } from '../config/settings-entries.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import type { TConfigEntry } from '@foyer/contracts';
import { CONFIG, INLINE_CONFIG_ID, INLINE_EVENT_ID, INLINE_LISTING_ID, INLINE_QUERIES_ID, INLINE_ROUTER_ID, INLINE_ZONES_ID, type ServerRenderedPage } from '@foyer/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import { eventPageReads } from '../events/event-page-reads.js';
import { listingPageReads } from '../events/listing-page-reads.js';
import { sellerOffsetTokens, themeTokensOf } from '@foyer/contracts/rules';
import { eventCoverPreload } from './event-cover-preload.js';
import { listingImagePreloads } from './listing-image-preload.js';
import { eventCoverId, eventPageId, isListingPage } from './event-page-shell.js';
import { pageScripts, runEntryAfterPaint } from './route-module-preload.js';
import { parseQuery } from './query.js';
import { AppError } from './app-error.js';
import { scriptSafeJson } from './script-safe-json.js';
import { storefrontPageHead } from '../seo/storefront-page-head.js';
import { hasMemberSession, isServerRenderedPage, serverRenderer } from './server-render.js';
import { withHeadTags } from '../seo/page-head.js';


/**
 * The storefront's HTML shell with the default seller's configuration in it (what GET
 * config?_embed=seller answers), as a JSON data block: every page waits for the configuration
 * before it renders, and this saves the round trip. The seller's theme tokens go in as a style,
 * so the first paint has its colours. An event page's shell also preloads the event's cover
 * (event-cover-preload.ts) and its page's chunks (route-module-preload.ts) and carries the page's
 * first reads; the public pages are drawn by the server render (server-render.ts). The
 * listing's preloads its chunks and its first cards' images (listing-image-preload.ts) and carries
 * its unfiltered answer. The file is read per request, so a rebuild is served at once. Without a
 * seller (an empty database) the shell goes out as built.
 */
export function storefrontShell(ctx: AppContext) {
  const settingsEntries = settingsConfigEntries(ctx.settings);
  const readEventPage = eventPageReads(ctx);
  const readListing = listingPageReads(ctx);
  const pageHead = storefrontPageHead(ctx);
  const render = serverRenderer(ctx.settings.webDist);
  return async (url: string, options: { log?: FastifyBaseLogger; cookie?: string } = {}): Promise<ShellAnswer> => {
    const { log } = options;
    const html = await readFile(join(ctx.settings.webDist, 'index.html'), 'utf8');
    let seller;
    try {
      seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache);
    } catch {
      return { html, status: 200 };
    }
    const eventId = eventPageId(url);
    // An unknown event (or another seller's) is a 404: the app draws its not-found page.
    // Set by the event's read, inside a callback (a plain `let` would read as always false to the type checker).
    const event = { missing: false };
    const [config, reads, listing, scripts] = await Promise.all([
      listConfig(ctx.db, { seller, query: parseQuery({ _embed: 'seller' }, CONFIG_QUERY), settingsEntries }),
      eventId ? inlineReads(() => readEventPage(seller, eventId), log, () => (event.missing = true)) : null,
      isListingPage(url) ? inlineReads(() => readListing(seller), log) : null,
      pageScripts(ctx.settings.webDist, url),
    ]);
    const hasRoot = html.includes(EMPTY_ROOT);
    // The server's render takes the page's first reads as documents, the browser's app as the data blocks' JSON.
    const rendered = hasRoot && !event.missing && isServerRenderedPage(url) && !hasMemberSession(options.cookie) ? await render(url, { config, event: reads ?? undefined, listing: listing ?? undefined }, { listing: (params) => readListing(seller, params) }, log) : null;
    const failed = rendered === 'failed';
    const drawn = failed ? null : rendered;
    if (drawn?.kind === 'redirect') return { redirect: { status: drawn.status === 301 ? 301 : 302, location: drawn.location } };
    // A drawn page's routes' data and query cache are known once it is drawn: they go after it, at the end of the body.
    const [headBlocks, tailBlocks] = drawn ? renderedPageBlocks(config, drawn, reads?.zones) : [unrenderedPageBlocks(config, reads, listing), {}];
    const entries = (config as { config: { _data: TConfigEntry[] } }).config._data;
    const theme = themeStyle(entries.find((e) => e.namespace === CONFIG.theme.namespace && e.name === CONFIG.theme.name)?.value, seller.meta);
    // The page's title, description, canonical link, previews and JSON-LD (docs/search-engines.md).
    const headTags = await pageHead(url, { seller, eventReads: reads, listing }, log);
    const page = withHeadTags(html, headTags).replace('</head>', `${theme}${eventCoverPreload(reads ? eventCoverId(reads) : null)}${listingImagePreloads(url, listing)}${scripts.links}${dataBlockTags(headBlocks)}</head>`);
    const status = failed ? 500 : event.missing ? 404 : 200;
    if (!drawn) return { html: page, status };
    // A drawn page paints first; its JS is asked for once it has (paint-first.js).
    const [before, after] = (scripts.paintFirst ? runEntryAfterPaint(page, scripts.paintFirst) : page).split(EMPTY_ROOT, 2);
    return { status: 200, stream: { head: `${before}<div id="root">`, body: drawn.body, tail: `</div>${after.replace('</body>', `${dataBlockTags(tailBlocks)}</body>`)}` } };
  };
}

/** A page, or where the page's own rules send the visitor instead (a server-rendered route's loader). */
export type ShellAnswer =
  | { html: string; status: 200 | 404 | 500; redirect?: undefined; stream?: undefined }
  | { stream: StreamedPage; status: 200; redirect?: undefined; html?: undefined }
  | { redirect: { status: 301 | 302; location: string }; html?: undefined; stream?: undefined };

/** A server-drawn page: the shell up to #root, React's bytes of #root, the shell after it. */
export interface StreamedPage {
  head: string;
  body: ReadableStream<Uint8Array>;
  tail: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * What a server-rendered page hands the browser: in its head its configuration and the event's time
 * zone offsets; after #root the routes' data and the query cache the render filled (which holds
 * the page's reads), known once the page is drawn.
 */
function renderedPageBlocks(config: unknown, page: Extract<ServerRenderedPage, { kind: 'page' }>, zones: unknown): [head: Record<string, string>, tail: Record<string, string>] {
  return [
    { [INLINE_CONFIG_ID]: scriptSafeJson(config), ...(zones ? { [INLINE_ZONES_ID]: scriptSafeJson(zones) } : {}) },
    { [INLINE_ROUTER_ID]: scriptSafeJson(page.routerData), [INLINE_QUERIES_ID]: scriptSafeJson(page.queries) },
  ];
}

/** What a page the server did not draw hands the browser in its head: its configuration and first reads, for the app to start from. */
function unrenderedPageBlocks(config: unknown, reads: unknown, listing: unknown): Record<string, string> {
  const blocks: Record<string, string> = { [INLINE_CONFIG_ID]: scriptSafeJson(config) };
  if (reads) blocks[INLINE_EVENT_ID] = scriptSafeJson(reads);
  if (listing) blocks[INLINE_LISTING_ID] = scriptSafeJson(listing);
  return blocks;
}

/** Data blocks as the browser's app reads them (by element id, the JSON as text). */
const dataBlockTags = (blocks: Record<string, string>) => Object.entries(blocks).map(([id, json]) => `<script id="${id}" type="application/json">${json}</script>`).join('');

/**
 * The seller's theme tokens (the contracts rule lets through only `--name`s with plain values) and
 * sizes (seller meta `offsets`, docs/catalog.md#4-seller-venues-and-images) as a style for :root.
 */
function themeStyle(theme: unknown, sellerMeta: string): string {
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(sellerMeta || '{}') as Record<string, unknown>;
  } catch {
    // A seller's meta is written by the catalog import as JSON; anything else has no sizes.
  }
  const tokens = Object.entries({ ...themeTokensOf(theme), ...sellerOffsetTokens(meta) });
  return tokens.length ? `<style>:root{${tokens.map(([name, value]) => `${name}:${value}`).join(';')}}</style>` : '';
}

/**
 * A page's first reads (the event page's GET events/{id} and its calendar; the listing's GET
 * events/available). An unknown event (or another seller's) has none, quietly (`onMissing`): the
 * app says so. Any other failure leaves them out (the page asks itself) and is logged.
 */
async function inlineReads<T>(read: () => Promise<T>, log: FastifyBaseLogger | undefined, onMissing?: () => void): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === 'event_not_found') onMissing?.();
    else log?.warn({ err: error }, 'page shell: its reads failed, the page will ask for them');
    return null;
  }
}
