import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseQuery } from '../http/query.js';
import { readRoute } from '../http/read-route.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { getSeatMap, SEAT_MAP_QUERY } from './get-seat-map.js';

/**
 * The seat map call of docs/seating.md#2-api (reserved seating, issue 15). Cacheable: answers never depend on the caller;
 * on /api (what an open map polls) reused for a quarter of a second per process (API_MEMO_MS).
 */
export function registerSeatRoutes(app: FastifyInstance, ctx: AppContext) {
  readRoute(app, '/events/:id/sessions/:sessionId/seat_map', async ({ request }) => {
    const { id, sessionId } = (request as FastifyRequest<{ Params: { id: string; sessionId: string } }>).params;
    const query = parseQuery(request.query as Record<string, unknown>, SEAT_MAP_QUERY);
    const seller = await resolveSeller(ctx.db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    return getSeatMap({ db: ctx.db, sellerId: seller.id, eventId: id, sessionId, withGeometry: query.params._withgeometry === true, now: ctx.now(), cache: ctx.cache });
  }, { cacheable: true, maxAge: 2, memoOnApi: true });
}
