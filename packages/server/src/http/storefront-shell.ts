import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../app-context.js';
import { CONFIG_QUERY, listConfig } from '../config/list-config.js';
import { settingsConfigEntries } from '../config/settings-entries.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { eventCoverPreload } from './event-cover-preload.js';
import { routeModulePreloads } from './route-module-preload.js';
import { parseQuery } from './query.js';

/** The id of the data block the storefront reads its configuration from (packages/web/src/api/inline-config.ts). */
export const INLINE_CONFIG_ID = 'foyer-config';

/** JSON that cannot end the script element it sits in. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The storefront's HTML shell with the default seller's configuration in it (what GET
 * config?_embed=seller answers), as a JSON data block: every page waits for the configuration
 * before it renders, and this saves the round trip. An event page's shell also preloads the
 * event's cover (event-cover-preload.ts) and its page's chunks (route-module-preload.ts). The
 * file is read per request, so a rebuild is served at once. Without a seller (an empty database)
 * the shell goes out as built.
 */
export function storefrontShell(ctx: AppContext) {
  const settingsEntries = settingsConfigEntries(ctx.settings);
  return async (url: string): Promise<string> => {
    const html = await readFile(join(ctx.settings.webDist, 'index.html'), 'utf8');
    let seller;
    try {
      seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache);
    } catch {
      return html;
    }
    const [config, cover, modules] = await Promise.all([
      listConfig(ctx.db, { seller, query: parseQuery({ _embed: 'seller' }, CONFIG_QUERY), settingsEntries }),
      eventCoverPreload(ctx.db, seller.id, url),
      routeModulePreloads(ctx.settings.webDist, url),
    ]);
    const block = `<script id="${INLINE_CONFIG_ID}" type="application/json">${scriptSafe(JSON.stringify(config))}</script>`;
    return html.replace('</head>', `${cover}${modules}${block}</head>`);
  };
}
