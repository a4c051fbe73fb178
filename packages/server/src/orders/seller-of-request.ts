import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseQuery } from '../http/query.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import type { QuerySpec } from '../http/query.js';
import { ORDER_QUERY } from './order-document.js';

/** The order and checkout routes' query (ORDER_QUERY) and the seller it names (or the default). */
export async function sellerOfRequest(ctx: AppContext, request: FastifyRequest, spec: QuerySpec = ORDER_QUERY) {
  const query = parseQuery(request.query as Record<string, unknown>, spec);
  return { query, seller: await resolveSeller(ctx.db, query.seller, ctx.settings.defaultSeller, ctx.cache) };
}
