import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { onCapacityCommitted } from '../cart/capacity-changes.js';
import { parseQuery, type QuerySpec } from '../http/query.js';
import { resolveViewer } from '../membership/resolve-viewer.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { LiveHub } from './live-hub.js';
import { LIVE_DEFAULTS } from './live-settings.js';
import { eventIdsOfSessions } from './live.repository.js';
import { sseClient } from './live-stream.js';
import { checkLiveStream } from './open-live-stream.js';
import { listenForChanges } from './pg-listener.js';
import { sessionFigures } from './session-figures.js';
import { z } from 'zod';
import { ZLiveAvailability, ZLiveControl, ZLiveReady } from '@foyer/contracts';
import { docs, sellerParam } from '../http/route-docs.js';

const LIVE_QUERY: QuerySpec = {};
/** How long a browser waits before it reconnects a dropped stream (the SSE `retry:` field). */
const RECONNECT_MS = 3_000;

declare module 'fastify' {
  interface FastifyInstance {
    liveHub?: LiveHub;
  }
}

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: 'any' });
const LIVE = docs({
  summary:
    "An event's live availability as server-sent events: `availability` (the sessions that changed, at most one message per 250 ms), `ready` (open; `quiet_ms`: how long the event has gone unchanged, so what was read since needs no asking again), `resync` (changes may have been missed: ask again); each with an id to send back as Last-Event-ID; a comment line as heartbeat",
  parameters: [sellerParam, { name: 'Last-Event-ID', in: 'header', schema: { type: 'string' }, description: 'The id of the last message received: a resume gets what it missed, or `resync`' }],
  ok: {
    description: 'text/event-stream; each message\'s `data:` is one of the schemas below, by its `event:` name',
    content: { 'text/event-stream': { schema: { type: 'string' }, get 'x-messages'() { return { availability: jsonSchema(ZLiveAvailability), ready: jsonSchema(ZLiveReady), resync: jsonSchema(ZLiveControl) }; } } },
  },
  refusals: { '400': 'event_not_found (malformed id), bad_field_value, unknown_field, seller_not_found', '404': 'event_not_found (as GET events/{id})', '429': 'rate_limited (streams per client address or per process; Retry-After): poll instead' },
});

/**
 * Live availability (docs/live-availability.md): GET /api/events/{id}/live, and the process's hub
 * fed by PostgreSQL's LISTEN (every process, every writer's committed change) or, without a
 * listener (SQLite), by the writes this process commits. Registered after the response cache,
 * whose entries a change drops. Shutdown ends the streams before the server waits for its
 * connections (preClose).
 */
export async function registerLiveRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = ctx.settings.live ?? LIVE_DEFAULTS;
  const caches = () => [app.responseCache, app.apiMemo].filter((c) => c !== undefined);
  const hub = new LiveHub({
    settings,
    figures: (ids) => sessionFigures({ db: ctx.db, now: ctx.now(), cache: ctx.cache }, ids),
    eventsOf: (ids) => eventIdsOfSessions(ctx.db, ids),
    forget: (events) => {
      for (const c of caches()) {
        if (events) c.invalidateEvents(events);
        else c.invalidate();
      }
    },
    onError: (error) => app.log.error({ err: error }, 'live availability failed'),
  });
  app.decorate('liveHub', hub);

  const url = ctx.settings.databaseUrl;
  const listener =
    ctx.dialect === 'postgres' && /^postgres(ql)?:\/\//.test(url)
      ? await listenForChanges(url, {
          notice: (sessionId) => void hub.sessionsChanged([sessionId]),
          reconnected: () => {
            app.log.warn('live availability: database listener reconnected; caches dropped, streams asked to refetch');
            hub.resyncAll();
          },
          onError: (error) => app.log.warn({ err: error }, 'live availability: database listener lost'),
        })
      : null;
  // Built before the listener (its notices go to the hub), which heard nothing until it was up.
  if (listener) hub.listening();
  // One process (SQLite), or PostgreSQL without a listener: the writes this process committed
  // (requests and the sweeper alike; with a listener their notices bring them, and this is a no-op).
  const stopLocal = onCapacityCommitted(ctx.db, (sessions) => hub.localChanges(sessions));
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('onClose', async () => stopLocal());
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => listener?.close());

  app.get('/api/events/:id/live', { schema: LIVE }, async (request, reply) => {
    const query = parseQuery(request.query as Record<string, unknown>, LIVE_QUERY);
    const seller = await resolveSeller(ctx.db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    const viewer = await resolveViewer(ctx.db, request, seller.id, ctx.now());
    const eventId = await checkLiveStream(
      { db: ctx.db, hub },
      { sellerId: seller.id, timezone: seller.timezone, eventId: (request as FastifyRequest<{ Params: { id: string } }>).params.id, viewer, address: request.ip },
    );
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    const lastEventId = request.headers['last-event-id'];
    const client = sseClient(res, request.ip, settings.bufferBytes, () => hub.detach(eventId, client));
    hub.attach(eventId, client, typeof lastEventId === 'string' && lastEventId ? lastEventId : undefined);
  });
  return hub;
}
