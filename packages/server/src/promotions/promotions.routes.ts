import { ZApplyCode } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery, type QuerySpec } from '../http/query.js';
import { readIdentity } from '../identity/public-identity.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { CART_QUERY, DEFAULT_CART_EMBEDS, cartDocument } from '../cart/cart-document.js';
import { applyPromoCode } from './apply-promo-code.js';
import { lookupCode } from './lookup-code.js';
import { CODE_LIMITS, guardCodeGuesses } from './code-guessing.js';

const LOOKUP_QUERY: QuerySpec = { embeds: [], params: { mode: 'string' }, defaultLimit: 1, maxLimit: 1 };

/** POST my/cart/{id}/apply_code and GET code/{code} (docs/promotions.md#applying-codes). */
export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const sellerOf = async (request: FastifyRequest, spec: QuerySpec) => {
    const query = parseQuery(request.query as Record<string, unknown>, spec);
    return { query, seller: await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache) };
  };

  for (const prefix of ['/api/my/cart', '/api/cart']) {
    app.post<{ Params: { id: string } }>(`${prefix}/:id/apply_code`, async (request, reply) => {
      const body = parseBody(ZApplyCode, request.body, 'promo_code');
      const { query, seller } = await sellerOf(request, CART_QUERY);
      const identity = await readIdentity(db, request);
      const cartId = await guardCodeGuesses(ctx, [[CODE_LIMITS.ip, request.ip], [CODE_LIMITS.cart, request.params.id]], () =>
        applyPromoCode(db, ctx.dialect, { sellerId: seller.id, identity, cartId: request.params.id, body, now: ctx.now(), cache: ctx.cache }),
      );
      reply.header('cache-control', 'private, no-store');
      return cartDocument(db, cartId, new Set([...DEFAULT_CART_EMBEDS, ...query.embed]), ctx.now(), ctx);
    });
  }

  app.get<{ Params: { code: string } }>('/api/code/:code', async (request, reply) => {
    const { query, seller } = await sellerOf(request, LOOKUP_QUERY);
    const code = request.params.code.trim();
    if (code.length < 2 || code.length > 35) throw new AppError(400, 'validation_failed', 'A code has 2 to 35 characters.', 'promo_code', { code });
    const mode = String(query.params.mode ?? '').split(',');
    reply.header('cache-control', 'private, no-store');
    return guardCodeGuesses(ctx, [[CODE_LIMITS.ip, request.ip]], () => lookupCode(db, { sellerId: seller.id, code, advertise: mode.includes('advertise') }));
  });
}
