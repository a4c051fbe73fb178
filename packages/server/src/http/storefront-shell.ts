import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../app-context.js';
import { CONFIG_QUERY, listConfig } from '../config/list-config.js';
import { settingsConfigEntries } from '../config/settings-entries.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import type { TConfigEntry } from '@foyer/contracts';
import { CONFIG, INLINE_EVENT_ID, INLINE_LISTING_ID } from '@foyer/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import { eventPageReads } from '../events/event-page-reads.js';
import { listingPageReads } from '../events/listing-page-reads.js';
import { themeTokensOf } from '@foyer/contracts/rules';
import { sellerOut } from '../events/serialize.js';
import { eventCoverPreload } from './event-cover-preload.js';
import { listingImagePreloads } from './listing-image-preload.js';
import { eventPageId, eventShellOf, isListingPage } from './event-page-shell.js';
import { eventPrepaint } from './event-prepaint.js';
import { pageScripts, runEntryAfterPaint } from './route-module-preload.js';
import { parseQuery } from './query.js';
import { AppError } from './app-error.js';
import { scriptSafeJson } from './script-safe-json.js';
import { storefrontPageHead } from '../seo/storefront-page-head.js';
import { withHeadTags } from '../seo/page-head.js';

/** The id of the data block the storefront reads its configuration from (packages/web/src/api/inline-config.ts). */
export const INLINE_CONFIG_ID = 'foyer-config';

/**
 * The storefront's HTML shell with the default seller's configuration in it (what GET
 * config?_embed=seller answers), as a JSON data block: every page waits for the configuration
 * before it renders, and this saves the round trip. The seller's theme tokens go in as a style,
 * so the first paint has its colours. An event page's shell also preloads the event's cover
 * (event-cover-preload.ts) and its page's chunks (route-module-preload.ts), carries the page's
 * first reads and paints the top of the page before the app runs (event-prepaint.ts). The
 * listing's preloads its chunks and its first cards' images (listing-image-preload.ts) and carries
 * its unfiltered answer. The file is read per request, so a rebuild is served at once. Without a
 * seller (an empty database) the shell goes out as built.
 */
export function storefrontShell(ctx: AppContext) {
  const settingsEntries = settingsConfigEntries(ctx.settings);
  const readEventPage = eventPageReads(ctx);
  const readListing = listingPageReads(ctx);
  const pageHead = storefrontPageHead(ctx);
  return async (url: string, log?: FastifyBaseLogger): Promise<string> => {
    const html = await readFile(join(ctx.settings.webDist, 'index.html'), 'utf8');
    let seller;
    try {
      seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache);
    } catch {
      return html;
    }
    const eventId = eventPageId(url);
    const [config, reads, listing, scripts] = await Promise.all([
      listConfig(ctx.db, { seller, query: parseQuery({ _embed: 'seller' }, CONFIG_QUERY), settingsEntries }),
      eventId ? inlineReads(() => readEventPage(seller, eventId), log) : null,
      isListingPage(url) ? inlineReads(() => readListing(seller), log) : null,
      pageScripts(ctx.settings.webDist, url),
    ]);
    const block = `<script id="${INLINE_CONFIG_ID}" type="application/json">${scriptSafeJson(config)}</script>`;
    const entries = (config as { config: { _data: TConfigEntry[] } }).config._data;
    const theme = themeStyle(entries.find((e) => e.namespace === CONFIG.theme.namespace && e.name === CONFIG.theme.name)?.value);
    const { name, meta } = sellerOut(seller);
    const event = reads ? eventShellOf(reads) : null;
    // A build without the app's root (nothing to stand beside) gets no picture.
    const prepaint = html.includes('<div id="root">') ? eventPrepaint(event, { name, meta }) : '';
    const readsBlock = prepaint && reads ? `<script id="${INLINE_EVENT_ID}" type="application/json">${scriptSafeJson(reads)}</script>` : '';
    const listingBlock = listing ? `<script id="${INLINE_LISTING_ID}" type="application/json">${scriptSafeJson(listing)}</script>` : '';
    // The page's title, description, canonical link, previews and JSON-LD (docs/search-engines.md).
    const headTags = await pageHead(url, { seller, eventReads: reads, listing }, log);
    const page = withHeadTags(html, headTags)
      .replace('</head>', `${theme}${eventCoverPreload(event)}${listingImagePreloads(url, listing)}${scripts.links}${block}${readsBlock}${listingBlock}</head>`)
      .replace('<div id="root">', `${prepaint}<div id="root">`);
    return prepaint && scripts.paintFirst ? runEntryAfterPaint(page, scripts.paintFirst) : page;
  };
}

/** The seller's theme tokens (the contracts rule lets through only `--name`s with plain values) as a style for :root. */
function themeStyle(theme: unknown): string {
  const tokens = Object.entries(themeTokensOf(theme));
  return tokens.length ? `<style>:root{${tokens.map(([name, value]) => `${name}:${value}`).join(';')}}</style>` : '';
}

/**
 * A page's first reads (the event page's GET events/{id} and its calendar, which also give the
 * picture its title and cover; the listing's GET events/available). An unknown event (or another
 * seller's) has none, quietly: the app says so. Any other failure leaves them out (the page asks
 * itself) and is logged.
 */
async function inlineReads<T>(read: () => Promise<T>, log?: FastifyBaseLogger): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'event_not_found')) log?.warn({ err: error }, 'page shell: its reads failed, the page will ask for them');
    return null;
  }
}
