import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './app-context.js';
import { pingDatabase } from './db/migrations.js';
import { registerEventRoutes } from './events/events.routes.js';
import { registerCartRoutes } from './cart/cart.routes.js';
import { registerAccountRoutes } from './auth/auth.routes.js';
import { registerOrderRoutes } from './orders/orders.routes.js';
import { registerCheckinRoutes } from './checkin/checkin.routes.js';
import { registerDoorRoutes } from './door/door.routes.js';
import { registerWalletRoutes } from './wallet/wallet.routes.js';
import { registerSeatRoutes } from './seats/seats.routes.js';
import { registerClientErrorRoutes } from './client-errors/client-error.routes.js';
import { registerAddressRoutes } from './address/address.routes.js';
import { storefrontPages } from './http/storefront-pages.js';
import { sendWithEtag } from './http/read-route.js';
import { registerMembershipRoutes } from './membership/membership.routes.js';
import { registerCheckoutRoutes } from './checkout/checkout.routes.js';
import { registerPromotionRoutes } from './promotions/promotions.routes.js';
import { stripeFromSettings } from './payments/stripe-client.js';
import { AppError } from './http/app-error.js';
import { clientErrorHandler, frameworkErrors, registerEnvelopeSafetyNet } from './http/error-envelope.js';
import { registerTextGuard } from './http/text-guard.js';
import { registerCsrfGuard } from './http/csrf-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { decorateCookieSecurity } from './http/cookie-security.js';
import { anyConfigValue } from './config/public.js';
import { CONFIG } from '@foyer/contracts';
import { requestIdOf } from './http/request-id.js';
import { registerAppHooks } from './http/app-hooks.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerImageRoutes } from './images/image-routes.js';
import { createMetrics, registerMetricsRoute, type Metrics } from './metrics/metrics.js';
import { registerOpenApi } from './openapi.js';
import { docs } from './http/route-docs.js';
import { TtlCache } from './ttl-cache.js';
import { registerCompression } from './http/compression.js';
import { registerResponseCache } from './http/response-cache.js';
import { eventsOfSessions } from './events/public.js';
import { memo } from './cart/memo.js';
import { registerStaticAssets } from './http/static-assets.js';
import { registerStaffRoutes } from './staff/staff.routes.js';
import { registerAdminRoutes } from './admin/admin.routes.js';
import { registerRequestLogging, requestLogController } from './http/request-logging.js';
import { registerLiveRoutes } from './live/live.routes.js';
import { registerSeoRoutes } from './seo/seo.routes.js';
import { registerApplePayDomainRoute } from './payments/apple-pay-domain.routes.js';

/**
 * FOYER_TRUST_PROXY as Fastify takes it: the proxies' addresses (comma-separated), a hop count, or none.
 * `true` (trust every peer) is never passed: the leftmost X-Forwarded-For would be the client's
 * own choice. A count becomes a function, since Fastify ignores bare counts; the client address is
 * then the rightmost hop not trusted. Typed boolean only because Fastify's overloads reject the union.
 */
function trustProxyOption(value: boolean | number | string | undefined): boolean {
  const hops = value === true ? 1 : value;
  if (typeof hops === 'number') return ((_address: string, hop: number) => hop < hops) as unknown as boolean;
  return (hops ?? false) as boolean;
}

/** A request's headers must be in within this long (slow-header clients are closed with 408). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** …and the whole request, body included. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface BuildOptions {
  logger?: boolean | object;
  /** Set by main.ts when metrics have a port of their own (it serves them there); else made here. */
  metrics?: Metrics;
  /** `draining` turns /api/ready to 503 while the process shuts down, so load balancers stop sending. */
  lifecycle?: { draining: boolean };
}

/** The HTTP application: API, cached API, images, OpenAPI and the built storefront. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx: AppContext & { cache: TtlCache } = { ...context, cache: context.cache ?? new TtlCache(), stripe: context.stripe !== undefined ? context.stripe : stripeFromSettings(context.settings) };
  const app = Fastify({
    logger: options.logger ?? false,
    logController: requestLogController(ctx.settings.requestLogging),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Slow clients (docs/deploy.md "What Foyer survives"): headers must arrive within 10 s and
    // the whole request within 30 s, else 408 and the connection closes; checked every second.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    // While shutting down, requests that reach us on open connections are still answered (not 503).
    return503OnClosing: false,
    // Behind a reverse proxy, client addresses (per-IP rate limits) come from X-Forwarded-For.
    trustProxy: trustProxyOption(ctx.settings.trustProxy),
    // Errors before routing and those Node answers itself use the envelope too.
    frameworkErrors,
    clientErrorHandler,
    genReqId: requestIdOf,
    requestIdHeader: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLogging(app, ctx.settings.requestLogging ?? { everyRequest: false, slowMs: 1_000 });
  const metricsSettings = ctx.settings.operations.metrics;
  if (metricsSettings) {
    const metrics = options.metrics ?? createMetrics(ctx.db, ctx.now);
    metrics.instrument(app);
    if (!metricsSettings.port) registerMetricsRoute(app, metrics, metricsSettings.token);
  }

  registerErrorHandler(app);
  registerEnvelopeSafetyNet(app);
  decorateCookieSecurity(app, ctx.settings.publicUrl, ctx.settings.secureCookies);
  await registerSecurityHeaders(app, ctx.settings, async () => ({
    stripe: Boolean(ctx.settings.stripe),
    captcha: Boolean(ctx.settings.captcha),
    tagManager: await ctx.cache.get('csp:tag-manager', () => anyConfigValue(ctx.db, CONFIG.tagManagerId)),
  }));
  registerCsrfGuard(app, ctx.settings.publicUrl);
  await registerCompression(app);
  // A session never moves to another event: the pairs come from the catalog memo (one read per hot session, not per write).
  registerResponseCache(app, ctx.db, ctx.settings.cacheTtlMs ?? 0, ctx.now, (ids) => memo(ctx.cache, `sessionEvents:${[...ids].sort().join(',')}`, () => eventsOfSessions(ctx.db, ids)));

  // Before any route: it collects each route's schema for /api/openapi.json.
  await registerOpenApi(app);
  app.get('/api/health', { schema: docs({ summary: 'Server and database state', ok: { description: 'ok' }, more: { '503': { description: 'database unreachable' } } }) }, async (_request, reply) => {
    try {
      await pingDatabase(ctx);
      return { status: 'ok', database: { dialect: ctx.dialect, status: 'ok' } };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: { dialect: ctx.dialect, status: 'unreachable' } });
    }
  });
  // Readiness (load balancers): the database answers and the process is not shutting down.
  app.get('/api/ready', { schema: docs({ summary: 'Readiness for traffic: the database answers and the process is not shutting down', ok: { description: 'ready' }, more: { '503': { description: 'draining or database unreachable' } } }) }, async (_request, reply) => {
    if (options.lifecycle?.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await pingDatabase(ctx);
      return { status: 'ready' };
    } catch (error) {
      app.log.error({ err: error }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(fastifyCookie);
  // After the cookie parser: cookies are checked too.
  registerTextGuard(app);
  // Before any route: every route sees the resolved session and the cache rule.
  registerAppHooks(app, ctx);
  registerAccountRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  await registerLiveRoutes(app, ctx);
  registerCartRoutes(app, ctx);
  registerPromotionRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerCheckinRoutes(app, ctx);
  registerDoorRoutes(app, ctx);
  registerSeatRoutes(app, ctx);
  registerClientErrorRoutes(app, ctx);
  registerAddressRoutes(app, ctx);
  registerMembershipRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerWalletRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerSeoRoutes(app, ctx);
  registerApplePayDomainRoute(app, ctx);

  const hasWeb = await registerStaticAssets(app, ctx.settings.webDist);

  const pageOf = storefrontPages(app, ctx);
  const isApiPath = (url: string) => {
    const path = url.split('?')[0];
    return path.startsWith('/api/') || path === '/api' || path.startsWith('/cached_api');
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (isApiPath(request.url)) {
      return reply.code(404).send(new AppError(404, 'not_found', `There is no API at ${request.method} ${path}.`, 'route').toEnvelope());
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(new AppError(404, 'not_found', 'Not found.', 'route').toEnvelope());
    }
    return reply.code(404).send(new AppError(404, 'not_found', 'The storefront is not built yet: run `npm run build`.', 'route').toEnvelope());
  };
  app.setNotFoundHandler(notFound);
  if (hasWeb) {
    // History fallback: the SPA routes every other page, including its own 404 page. A route (not
    // the not-found handler) so the answer goes through compression like any other.
    app.get('/*', async (request, reply) => {
      if (isApiPath(request.url)) return notFound(request, reply);
      const page = await pageOf(request);
      if (page.redirect) return reply.code(page.redirect.status).header('location', page.redirect.location).send();
      // A page drawn for this visitor goes out as it is read; its ETag comes with the cached copy.
      if (page.stream) return reply.code(page.status).headers({ 'cache-control': 'no-cache', vary: 'Accept-Encoding', 'content-type': 'text/html; charset=utf-8' }).send(page.stream);
      // Revalidated by ETag (no-cache): the browser's copy stays good until the build, the configuration or the page's data change.
      return sendWithEtag(request, reply.code(page.status), page.html, 'no-cache', 'text/html; charset=utf-8', page.etag);
    });
  }

  return app;
}
