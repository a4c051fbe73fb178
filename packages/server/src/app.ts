import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './app-context.js';
import { pingDatabase } from './db/migrations.js';
import { registerEventRoutes } from './events/events.routes.js';
import { registerCartRoutes } from './cart/cart.routes.js';
import { registerAccountRoutes } from './auth/auth.routes.js';
import { registerOrderRoutes } from './orders/orders.routes.js';
import { registerCheckoutRoutes } from './checkout/checkout.routes.js';
import { stripeFromSettings } from './payments/stripe-client.js';
import { AppError } from './http/app-error.js';
import { registerAppHooks } from './http/app-hooks.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerImageRoutes } from './images/image-routes.js';
import { openApiDocument } from './openapi.js';
import { TtlCache } from './ttl-cache.js';
import { registerCompression } from './http/compression.js';
import { registerResponseCache } from './http/response-cache.js';
import { registerStaticAssets } from './http/static-assets.js';

/** FOYER_TRUST_PROXY as Fastify takes it: the proxies' addresses (comma-separated), or all / none.
 * Typed boolean only because Fastify's constructor overloads reject the union. */
const trustProxyOption = (value: boolean | string | undefined): boolean => (value ?? false) as boolean;

export interface BuildOptions {
  logger?: boolean | object;
}

/** The HTTP application: API, cached API, images, OpenAPI and the built storefront. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx: AppContext = { ...context, cache: context.cache ?? new TtlCache(), stripe: context.stripe !== undefined ? context.stripe : stripeFromSettings(context.settings) };
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, client addresses (per-IP rate limits) come from X-Forwarded-For.
    trustProxy: trustProxyOption(ctx.settings.trustProxy),
  });

  registerErrorHandler(app);
  await registerCompression(app);
  registerResponseCache(app, ctx.settings.cacheTtlMs ?? 0, ctx.now);

  app.get('/api/health', async (_request, reply) => {
    try {
      await pingDatabase(ctx);
      return { status: 'ok', database: { dialect: ctx.dialect, status: 'ok' } };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: { dialect: ctx.dialect, status: 'unreachable' } });
    }
  });
  app.get('/api/openapi.json', async () => openApiDocument());

  await app.register(fastifyCookie);
  // Before any route: every route sees the resolved session and the cache rule.
  registerAppHooks(app, ctx);
  registerAccountRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerCartRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerImageRoutes(app, ctx.db);

  const hasWeb = await registerStaticAssets(app, ctx.settings.webDist);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/cached_api')) {
      return reply.code(404).send(new AppError(404, 'not_found', `There is no API at ${request.method} ${path}.`, 'route').toEnvelope());
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(new AppError(404, 'not_found', 'Not found.', 'route').toEnvelope());
    }
    if (!hasWeb) return reply.code(404).type('text/plain').send('The storefront is not built yet: run `npm run build`.');
    // History fallback: the SPA routes every other path, including its own 404 page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
