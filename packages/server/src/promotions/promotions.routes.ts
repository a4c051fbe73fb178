import { ZApplyCode, ZCodeLookupDocument } from '@foyer/contracts';
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
import { docs, embedParam, queryParam, sellerParam } from '../http/route-docs.js';
import { cartChange } from '../cart/cart-refusals.js';

const PROMO = 'validation_failed (2..35 characters)';
const APPLY_CODE = cartChange(
  'Apply a promo code to a cart (or remove it with remove: true); the cart priced again',
  ZApplyCode,
  {
    '400': PROMO,
    '404': 'code_not_found (unknown, another seller\'s, or not on the cart when removing), not_found',
    '409': 'duplicate_code, code_exhausted, incorrect_cart_state (paid into or injected), cart_already_booked, intent_processing',
    '422': 'no_code_benefit (require_benefit), validation_failed (expired or not yet valid)',
    '429': 'rate_limited (too many wrong codes from this address or for this cart)',
  },
  [sellerParam, embedParam],
);
const LOOKUP = docs({
  summary: 'Look a code up: valid_from, valid_to, exhausted; mode=advertise adds the cart modifiers it activates',
  parameters: [sellerParam, queryParam('mode', '"advertise", "code" or both, comma-separated')],
  ok: ZCodeLookupDocument,
  refusals: { '400': PROMO, '404': 'code_not_found', '429': 'rate_limited' },
});

const LOOKUP_QUERY: QuerySpec = { embeds: [], params: { mode: 'string' }, defaultLimit: 1, maxLimit: 1 };

/** POST my/cart/{id}/apply_code and GET code/{code} (docs/promotions.md#applying-codes). */
export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const sellerOf = async (request: FastifyRequest, spec: QuerySpec) => {
    const query = parseQuery(request.query as Record<string, unknown>, spec);
    return { query, seller: await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache) };
  };

  for (const prefix of ['/api/my/cart', '/api/cart']) {
    app.post<{ Params: { id: string } }>(`${prefix}/:id/apply_code`, { schema: APPLY_CODE }, async (request, reply) => {
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

  app.get<{ Params: { code: string } }>('/api/code/:code', { schema: LOOKUP }, async (request, reply) => {
    const { query, seller } = await sellerOf(request, LOOKUP_QUERY);
    const code = request.params.code.trim();
    if (code.length < 2 || code.length > 35) throw new AppError(400, 'validation_failed', 'A code has 2 to 35 characters.', 'promo_code', { code });
    const mode = String(query.params.mode ?? '').split(',');
    reply.header('cache-control', 'private, no-store');
    return guardCodeGuesses(ctx, [[CODE_LIMITS.ip, request.ip]], () => lookupCode(db, { sellerId: seller.id, code, advertise: mode.includes('advertise') }));
  });
}
