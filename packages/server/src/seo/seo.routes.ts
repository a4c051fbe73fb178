import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { etagOf, sendWithEtag } from '../http/read-route.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { listSitemapUrls } from './list-sitemap-urls.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** How long a crawler or proxy may keep /sitemap.xml and /robots.txt (then revalidated by ETag). */
export const SEO_MAX_AGE = 300;

/**
 * GET /sitemap.xml and /robots.txt (docs/search-engines.md): public, ETagged, and the sitemap from
 * the response cache like a /cached_api answer (a capacity write that sells an event out drops
 * it). Without a seller the sitemap lists no event.
 */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext) {
  const urlsOf = listSitemapUrls(ctx);
  const cacheControl = `public, max-age=${SEO_MAX_AGE}`;
  app.get('/sitemap.xml', async (request, reply) => {
    const compute = async () => {
      const seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache).catch(() => null);
      const urls = seller ? await urlsOf(seller) : [`${ctx.settings.publicUrl}/`, `${ctx.settings.publicUrl}/events`];
      const payload = sitemapXml(urls);
      return { payload, etag: etagOf(payload) };
    };
    const { payload, etag } = app.responseCache ? await app.responseCache.get('/sitemap.xml', compute) : await compute();
    return sendWithEtag(request, reply, payload, cacheControl, 'application/xml; charset=utf-8', etag);
  });
  const robots = robotsTxt(ctx.settings.publicUrl);
  app.get('/robots.txt', async (request, reply) => sendWithEtag(request, reply, robots, cacheControl, 'text/plain; charset=utf-8'));
}
