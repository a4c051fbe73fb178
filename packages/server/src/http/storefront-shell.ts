import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../app-context.js';
import { CONFIG_QUERY, listConfig } from '../config/list-config.js';
import { settingsConfigEntries } from '../config/settings-entries.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import type { TConfigEntry } from '@foyer/contracts';
import { CONFIG, INLINE_EVENT_ID, type InlineEventReads } from '@foyer/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import { eventPageReads } from '../events/event-page-reads.js';
import { themeTokensOf } from '@foyer/contracts/rules';
import { sellerOut } from '../events/serialize.js';
import { eventCoverPreload } from './event-cover-preload.js';
import { eventPageId, eventShellOf } from './event-page-shell.js';
import { eventPrepaint } from './event-prepaint.js';
import { pageScripts, runEntryAfterPaint } from './route-module-preload.js';
import { parseQuery } from './query.js';
import { AppError } from './app-error.js';

/** The id of the data block the storefront reads its configuration from (packages/web/src/api/inline-config.ts). */
export const INLINE_CONFIG_ID = 'foyer-config';

/** JSON that cannot end the script element it sits in. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The storefront's HTML shell with the default seller's configuration in it (what GET
 * config?_embed=seller answers), as a JSON data block: every page waits for the configuration
 * before it renders, and this saves the round trip. The seller's theme tokens go in as a style,
 * so the first paint has its colours. An event page's shell also preloads the event's cover
 * (event-cover-preload.ts) and, as the listing's does, its page's chunks (route-module-preload.ts), and paints the top of
 * the page before the app runs (event-prepaint.ts). The file is read per request, so a rebuild is
 * served at once. Without a seller (an empty database) the shell goes out as built.
 */
export function storefrontShell(ctx: AppContext) {
  const settingsEntries = settingsConfigEntries(ctx.settings);
  const readEventPage = eventPageReads(ctx);
  return async (url: string, log?: FastifyBaseLogger): Promise<string> => {
    const html = await readFile(join(ctx.settings.webDist, 'index.html'), 'utf8');
    let seller;
    try {
      seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache);
    } catch {
      return html;
    }
    const eventId = eventPageId(url);
    const [config, reads, scripts] = await Promise.all([
      listConfig(ctx.db, { seller, query: parseQuery({ _embed: 'seller' }, CONFIG_QUERY), settingsEntries }),
      eventId ? inlineEventReads(() => readEventPage(seller, eventId), log) : null,
      pageScripts(ctx.settings.webDist, url),
    ]);
    const block = `<script id="${INLINE_CONFIG_ID}" type="application/json">${scriptSafe(JSON.stringify(config))}</script>`;
    const entries = (config as { config: { _data: TConfigEntry[] } }).config._data;
    const theme = themeStyle(entries.find((e) => e.namespace === CONFIG.theme.namespace && e.name === CONFIG.theme.name)?.value);
    const { name, meta } = sellerOut(seller);
    const event = reads ? eventShellOf(reads) : null;
    // A build without the app's root (nothing to stand beside) gets no picture.
    const prepaint = html.includes('<div id="root">') ? eventPrepaint(event, { name, meta }) : '';
    const readsBlock = prepaint && reads ? `<script id="${INLINE_EVENT_ID}" type="application/json">${scriptSafe(JSON.stringify(reads))}</script>` : '';
    const page = html
      .replace('</head>', `${theme}${eventCoverPreload(event)}${scripts.links}${block}${readsBlock}</head>`)
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
 * The event page's first reads (GET events/{id} and its calendar), which also give the picture its
 * title and cover. An unknown event (or another seller's) has none, quietly: the app says so. Any
 * other failure leaves them out (the page asks itself) and is logged.
 */
async function inlineEventReads(read: () => Promise<InlineEventReads>, log?: FastifyBaseLogger): Promise<InlineEventReads | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'event_not_found')) log?.warn({ err: error }, 'event page shell: its reads failed, the page will ask for them');
    return null;
  }
}
