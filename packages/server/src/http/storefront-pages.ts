import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { etagOf } from './read-route.js';
import { hasMemberSession, isServerRenderedPage } from './server-render.js';
import { shellRedirects } from './shell-redirects.js';
import { storefrontShell } from './storefront-shell.js';

/** A storefront page ready to send (its bytes and ETag computed once), or where the navigation guards send the visitor. */
export type PageAnswer =
  | { html: Buffer; status: 200 | 404 | 500; etag: string; redirect?: undefined }
  | { redirect: { status: 301 | 302; location: string }; html?: undefined };

/**
 * The storefront's pages (the history fallback): the navigation guards' redirects, then the page
 * (server-rendered where it is public, docs/server-rendering.md). A public page at an address
 * without a query is cached whole — guards, HTML and ETag — like /cached_api, per host and address; a
 * member's page never is.
 */
export function storefrontPages(app: FastifyInstance, ctx: AppContext) {
  const shell = storefrontShell(ctx);
  const redirectOf = shellRedirects(ctx);
  const answer = async (request: FastifyRequest): Promise<PageAnswer> => {
    const redirect = await redirectOf(request.url, request.hostname);
    if (redirect) return { redirect };
    const page = await shell(request.url, { log: request.log, cookie: request.headers.cookie });
    if (page.redirect) return page;
    const html = Buffer.from(page.html);
    return { html, status: page.status, etag: etagOf(html) };
  };
  return (request: FastifyRequest): Promise<PageAnswer> => {
    const cacheable = !request.url.includes('?') && isServerRenderedPage(request.url) && !hasMemberSession(request.headers.cookie);
    // Per host too (web.redirects require_seller_prefix answers by host); the event stays where response-cache.ts reads it.
    // A page whose render failed (a 500) is not kept: the next visitor gets a new render.
    return cacheable && app.responseCache
      ? app.responseCache.get(`page:${request.url}?host=${request.hostname.toLowerCase()}`, () => answer(request), (page) => page.redirect !== undefined || page.status !== 500)
      : answer(request);
  };
}
