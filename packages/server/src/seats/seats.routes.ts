import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseQuery } from '../http/query.js';
import { readRoute } from '../http/read-route.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { getSeatMap, SEAT_MAP_QUERY } from './get-seat-map.js';
import { ZSeatMapDocument } from '@foyer/contracts';
import { docs, queryParam, sellerParam } from '../http/route-docs.js';

const SEAT_MAP = docs({
  summary:
    'A session\'s seat map (cacheable, ETag): with _withgeometry=true the map and every seat (section, row, name, x, y, r, zone, ticket groups, neighbours); without, every seat\'s state only (available, booked, unavailable) — the cheap call to poll',
  parameters: [sellerParam, queryParam('_withgeometry', 'T/F, true/false or 1/0')],
  ok: ZSeatMapDocument,
  refusals: { '400': 'bad_field_value, unknown_field, seller_not_found', '404': 'not_found (no such session of this event, or it has no seated groups)' },
});

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
  }, { cacheable: true, maxAge: 2, memoOnApi: true, schema: SEAT_MAP });
}
