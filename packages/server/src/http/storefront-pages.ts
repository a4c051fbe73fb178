import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { etagOf } from './read-route.js';
import { hasMemberSession, isServerRenderedPage } from './server-render.js';
import { shellRedirects } from './shell-redirects.js';
import { storefrontShell, type StreamedPage } from './storefront-shell.js';

/**
 * A storefront page ready to send: its bytes and ETag computed once (what the cache keeps), or a
 * server-drawn page streamed as React flushes it, or where the navigation guards send the visitor.
 */
export type PageAnswer =
  | { html: Buffer; status: 200 | 404 | 500; etag: string; redirect?: undefined; stream?: undefined }
  | { stream: Readable; status: 200; html?: undefined; redirect?: undefined }
  | { redirect: { status: 301 | 302; location: string }; html?: undefined; stream?: undefined };

type WholeAnswer = Exclude<PageAnswer, { stream: Readable }>;

/**
 * The storefront's pages (the history fallback): the navigation guards' redirects, then the page
 * (server-rendered where it is public, docs/server-rendering.md). A public page at an address
 * without a query is cached whole — guards, HTML and ETag — like /cached_api, per host and address; a
 * member's page never is. A drawn page goes to the visitor who asked for it as a stream; the cache
 * (and the visitors who asked meanwhile) gets its whole bytes once the stream has ended.
 */
export function storefrontPages(app: FastifyInstance, ctx: AppContext) {
  const shell = storefrontShell(ctx);
  const redirectOf = shellRedirects(ctx);
  // `keep`: the answer goes to the cache, so a streamed page's whole bytes (and ETag) are gathered too.
  const answer = async (request: FastifyRequest, keep: boolean): Promise<{ first: PageAnswer; whole: Promise<WholeAnswer> }> => {
    const redirect = await redirectOf(request.url, request.hostname);
    if (redirect) return same({ redirect });
    const page = await shell(request.url, { log: request.log, cookie: request.headers.cookie });
    if (page.redirect) return same(page);
    if (page.stream) return streamed(page.stream, request.log, keep);
    const html = Buffer.from(page.html);
    return same({ html, status: page.status, etag: etagOf(html) });
  };
  return (request: FastifyRequest): Promise<PageAnswer> => {
    const cacheable = !request.url.includes('?') && isServerRenderedPage(request.url) && !hasMemberSession(request.headers.cookie);
    if (!cacheable || !app.responseCache) return answer(request, false).then(({ first }) => first);
    // Per host too (web.redirects require_seller_prefix answers by host); the event stays where response-cache.ts reads it.
    // A page whose render failed (a 500) is not kept: the next visitor gets a new render.
    let first: Promise<PageAnswer> | undefined;
    const cached = app.responseCache.get(
      `page:${request.url}?host=${request.hostname.toLowerCase()}`,
      () => {
        const started = answer(request, true);
        first = started.then((a) => a.first);
        return started.then((a) => a.whole);
      },
      (page: WholeAnswer) => page.redirect !== undefined || page.status !== 500,
    );
    return first ?? cached;
  };
}

const same = (page: WholeAnswer) => ({ first: page, whole: Promise.resolve(page) });

/**
 * The visitor's stream of a drawn page, and its whole bytes for the cache. React's stream is read
 * to its end whatever the visitor does (the page is drawn already: reading it costs little), so a
 * visitor who leaves early leaves a whole page in the cache, not a hole. A stream that breaks is
 * logged, ends the visitor's answer early, and caches a failed page (never kept).
 */
function streamed(page: StreamedPage, log: FastifyBaseLogger, keep: boolean): { first: PageAnswer; whole: Promise<WholeAnswer> } {
  const out = new PassThrough();
  const whole = (async (): Promise<WholeAnswer> => {
    // Only a page the cache keeps is gathered whole; another visitor's page just flows through.
    const chunks: Buffer[] = [];
    const pass = (chunk: Buffer) => {
      if (keep) chunks.push(chunk);
      if (!out.destroyed) out.write(chunk);
    };
    pass(Buffer.from(page.head));
    try {
      const reader = page.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        pass(Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength));
      }
    } catch (error) {
      log.error({ err: error }, 'server render: the page stream broke; the visitor got part of the page');
      out.destroy(error as Error);
      return { html: Buffer.alloc(0), status: 500, etag: '' };
    }
    pass(Buffer.from(page.tail));
    if (!out.destroyed) out.end();
    // Not for the cache: nobody reads this answer.
    if (!keep) return { html: Buffer.alloc(0), status: 200, etag: '' };
    const html = Buffer.concat(chunks);
    return { html, status: 200, etag: etagOf(html) };
  })();
  return { first: { stream: out, status: 200 }, whole };
}
