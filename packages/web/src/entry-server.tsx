import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.browser';
import { defaultShouldDehydrateQuery, dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient, withQueryClient } from './ssr/query-client.server.js';
import { routes } from './app/router.js';
import { seedConfig } from './api/inline-config.js';
import { seedEventReads } from './api/inline-event.js';
import { seedListing } from './api/inline-listing.js';
import type { ServerPageData, ServerReads, ServerRenderedPage as RenderedPage } from '@foyer/contracts/constants';
import type { TDocument } from '@foyer/contracts';
import { buildSearch } from './api/client.js';
import { configQuery, eventsAvailableQuery, unfilteredListing } from './api/queries.js';
import { sellerInfo } from './config/use-config.js';
import { listingQuery, parseListingFilters } from './features/events/listing/filters.js';

/**
 * Server rendering of the public pages (docs/server-rendering.md): the server (http/server-render.ts)
 * calls `renderPage` with the page's address and the documents it puts in the HTML shell's data
 * blocks (as objects: parsing their text again was a twentieth of a render's CPU), and
 * gets the markup of #root as a stream — the same tree the browser hydrates, from the same data — or a redirect
 * (a route's loader sent the visitor elsewhere), or the route's data for the router to hydrate with.
 */

/** The base the page's address is read against: loaders look at its path and query only. */
const BASE = 'http://storefront.invalid';

/** Built once: it flattens and compiles every route's path (about a tenth of a render's CPU when built per page). */
const handler = createStaticHandler(routes);

export async function renderPage(url: string, data: ServerPageData, reads: ServerReads = {}): Promise<RenderedPage> {
  const client = createQueryClient();
  // The same seeders as the browser's, which take these documents from the page's blocks.
  seedConfig(client, data.config);
  seedEventReads(client, data.event);
  seedListing(client, data.listing);
  await seedFilteredListing(client, new URL(url, BASE), reads);
  return withQueryClient(client, async () => {
    const context = await handler.query(new Request(new URL(url, BASE)));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const body = await renderToStream(
      <StrictMode>
        <QueryClientProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    );
    // The cache the render read from goes to the browser (the configuration has its own block).
    const queries = dehydrate(client, { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.queryKey[0] !== 'config' });
    return { kind: 'page', body, status: context.statusCode, routerData: { loaderData: context.loaderData }, queries };
  });
}

/**
 * React's streaming renderer in its all-ready mode: the server streams the page's bytes as React
 * flushes them, once every part is drawn (every lazy part loaded, no boundary left to the
 * browser, so no inline script the page's CSP would refuse, and the status is known before the
 * first byte). An error anywhere fails the render (the server sends the page unrendered with a
 * 500) rather than leaving a part for the browser to redo. The web-streams build of React DOM's
 * server renderer, not the Node one: the Node build keeps an AsyncLocalStorage enabled for good
 * once it has rendered, which on Node 20 slows every later request of the process
 * (docs/performance.md#reserve).
 */
const RENDER_TIMEOUT_MS = 5000;

async function renderToStream(tree: ReactNode): Promise<ReadableStream<Uint8Array>> {
  let failed: unknown = null;
  // A part that never finishes loading fails the render instead of holding the request.
  const timeout = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const stream = await renderToReadableStream(tree, {
    signal: timeout,
    onError: (error) => {
      failed ??= timeout.aborted ? new Error(`server render took over ${RENDER_TIMEOUT_MS} ms`) : error;
    },
  });
  await stream.allReady;
  if (failed) {
    await stream.cancel().catch(() => undefined);
    throw failed instanceof Error ? failed : new Error('server render failed', { cause: failed });
  }
  return stream;
}

/**
 * /events with filters in its address: the page asks for the filtered listing, so the render has
 * it too, read by the server with the very parameters the page computes (filters.ts), under the
 * key the page looks it up by. A read that fails leaves the list to the browser.
 */
async function seedFilteredListing(client: QueryClient, url: URL, reads: ServerReads) {
  if (url.pathname !== '/events' || !url.search || !reads.listing) return;
  const config = client.getQueryData(configQuery().queryKey);
  if (!config) return;
  const params = listingQuery(parseListingFilters(url.searchParams), { timezone: sellerInfo(config).timezone });
  const search = new URLSearchParams(buildSearch({ query: params }).slice(1));
  if (search.toString() === new URLSearchParams(buildSearch({ query: unfilteredListing() }).slice(1)).toString()) return;
  try {
    client.setQueryData(eventsAvailableQuery(params).queryKey, (await reads.listing(Object.fromEntries(search))) as TDocument);
  } catch {
    /* the browser asks */
  }
}
