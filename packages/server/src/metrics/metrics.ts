import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { jobBacklog } from './job-backlog.repository.js';

export interface Metrics {
  registry: Registry;
  /** Adds the request hooks to an app (once). */
  instrument(app: FastifyInstance): void;
}

/**
 * Prometheus metrics of one app, on its own registry. Everything is read from HTTP answers (route,
 * status, error code, pay outcome) and, at scrape time, from the database (mail queue, expired
 * holds not yet swept), so no use case needs to know about metrics.
 */
export function createMetrics(db: Db, now: () => Date): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'foyer_' });
  const durations = new Histogram({
    name: 'foyer_http_request_duration_seconds',
    help: 'HTTP request durations by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const reservations = new Counter({ name: 'foyer_reservations_total', help: 'Cart changes accepted (reserve, modify)', registers: [registry] });
  const refusals = new Counter({ name: 'foyer_refusals_total', help: '4xx answers by error code', labelNames: ['code'], registers: [registry] });
  const payments = new Counter({ name: 'foyer_payments_total', help: 'Pay calls by outcome (completed, partial, or the refusal code)', labelNames: ['outcome'], registers: [registry] });
  new Gauge({
    name: 'foyer_mail_queue_depth',
    help: 'E-mails waiting in the outbox (pending or sending)',
    registers: [registry],
    async collect() {
      this.set((await jobBacklog(db, now())).mailQueued);
    },
  });
  new Gauge({
    name: 'foyer_job_lag_seconds',
    help: 'How far each background job is behind: the oldest due e-mail, the oldest expired hold not yet released',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const backlog = await jobBacklog(db, now());
      this.set({ job: 'mail' }, backlog.mailLagSeconds);
      this.set({ job: 'hold_sweeper' }, backlog.sweepLagSeconds);
    },
  });

  const instrument = (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const route = routeOf(request);
      if (reply.statusCode >= 400 && reply.statusCode < 500 && typeof payload === 'string') {
        refusals.inc({ code: /"_code":"([a-z_]+)"/.exec(payload)?.[1] ?? String(reply.statusCode) });
      }
      if (request.method === 'POST' && route.endsWith('/modify') && reply.statusCode === 200) reservations.inc();
      if (request.method === 'POST' && route.endsWith('/pay') && typeof payload === 'string') {
        const outcome = reply.statusCode === 200 ? /"outcome":"([a-z_]+)"/.exec(payload)?.[1] : /"_code":"([a-z_]+)"/.exec(payload)?.[1];
        payments.inc({ outcome: outcome ?? String(reply.statusCode) });
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      durations.observe({ method: request.method, route: routeOf(request), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  };
  return { registry, instrument };
}

/** The route pattern (/api/cart/:id/pay), never the raw URL: ids would make one series per cart. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * GET /metrics on `app`: with a token, only for `Authorization: Bearer <token>` (compared in
 * constant time); without one it is served only on the separate metrics port (settings insist on one of the two).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null) {
  const expected = token ? createHash('sha256').update(token).digest() : null;
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send(new AppError(401, 'not_authorized', 'Metrics need the bearer token.', 'metrics').toEnvelope());
      }
    }
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
