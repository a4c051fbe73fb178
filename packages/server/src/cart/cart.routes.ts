import { DEFAULT_HOLD_MINUTES, ZCartModify, ZCartRemove, ZCartTransfer } from '@foyer/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { resolveViewer } from '../membership/resolve-viewer.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery } from '../http/query.js';
import { readIdentity, setIdentityCookie, writerIdentity } from '../identity/public-identity.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { cartWithOwnerKind } from './cart.repository.js';
import { assertOwner } from './cart-access.js';
import { clientLimitsFor } from './check-client-limits.js';
import { CART_QUERY, DEFAULT_CART_EMBEDS, cartDocument } from './cart-document.js';
import { deleteCart } from './delete-cart.js';
import { modifyCart } from './modify-cart.js';
import { transferCart } from './transfer-cart.js';
import { guardCodeGuesses } from '../promotions/code-guessing.js';
import { carriesCodes, codeGuessKeys, missedPreloadedCodes } from '../promotions/reserve-code-guesses.js';
import { changeOrderAccess } from '../orders/self-edit/change-order-access.js';

type IdParams = { Params: { id: string } };

/** The cart calls of docs/cart.md#calls, at my/cart/… and cart/…: same handlers, same ownership rule. */
export function registerCartRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const seller = async (request: FastifyRequest) => {
    const query = parseQuery(request.query as Record<string, unknown>, CART_QUERY);
    return { query, seller: await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache) };
  };

  for (const prefix of ['/api/my/cart', '/api/cart']) {
    // my/cart/modify creates a cart; my/cart/{id}/modify changes one.
    const modify = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const body = parseBody(ZCartModify, request.body, 'cart');
      const { seller: s } = await seller(request);
      const now = ctx.now();
      const writer = await writerIdentity(db, request);
      const editOrderId = await changeOrderAccess(ctx, request, s.id, body.ticket_order_id, now);
      const viewer = await resolveViewer(db, request, s.id, now);
      const work = () => modifyCart({ editOrderId, db, dialect: ctx.dialect, sellerId: s.id, writer, viewer, cartId: request.params.id ?? null, body, now, defaultHoldMinutes: DEFAULT_HOLD_MINUTES, cache: ctx.cache, client: clientLimitsFor(ctx.settings.operations, request.ip) });
      // Codes on a reserve are guesses like apply_code's (promotions/code-guessing.ts).
      const modified = carriesCodes(body) ? await guardCodeGuesses(ctx, codeGuessKeys(request.ip, request.params.id), work, (m) => missedPreloadedCodes(body, m.cart)) : await work();
      setIdentityCookie(request, reply, writer);
      return cartDocument(db, modified, DEFAULT_CART_EMBEDS, now, ctx);
    };
    app.post(`${prefix}/modify`, modify);
    app.post<IdParams>(`${prefix}/:id/modify`, modify);

    // docs/after-sale.md#how-a-change-works-server POST cart/{cartId}/remove: a modify that only removes (edit order: Remove, Cancel).
    app.post<IdParams>(`${prefix}/:id/remove`, async (request, reply) => {
      const body = parseBody(ZCartRemove, request.body, 'cart_remove_tickets');
      const { seller: s } = await seller(request);
      const now = ctx.now();
      const writer = await writerIdentity(db, request);
      const modified = await modifyCart({ db, dialect: ctx.dialect, sellerId: s.id, writer, viewer: await resolveViewer(db, request, s.id, now), cartId: request.params.id, body: { add: [], remove: body.tickets }, now, defaultHoldMinutes: DEFAULT_HOLD_MINUTES, cache: ctx.cache, client: clientLimitsFor(ctx.settings.operations, request.ip) });
      setIdentityCookie(request, reply, writer);
      return cartDocument(db, modified, DEFAULT_CART_EMBEDS, now, ctx);
    });

    app.get<IdParams>(`${prefix}/:id`, async (request, reply) => {
      const { query, seller: s } = await seller(request);
      const cart = await cartWithOwnerKind(db, request.params.id);
      assertOwner(cart, await readIdentity(db, request), s.id);
      reply.header('cache-control', 'private, no-store');
      return cartDocument(db, cart.id, new Set(['ticket', ...query.embed]), ctx.now(), ctx);
    });

    // The payment link of a staff-created cart: the key makes the caller its owner (once).
    app.post<IdParams>(`${prefix}/:id/transfer`, async (request, reply) => {
      const body = parseBody(ZCartTransfer, request.body ?? {}, 'cart');
      const { query, seller: s } = await seller(request);
      const now = ctx.now();
      const writer = await writerIdentity(db, request);
      const cartId = await transferCart(db, ctx.dialect, { sellerId: s.id, writer, cartId: request.params.id, key: body.key ?? null, now });
      setIdentityCookie(request, reply, writer);
      reply.header('cache-control', 'private, no-store');
      return cartDocument(db, cartId, new Set(['ticket', ...query.embed]), now, ctx);
    });

    app.delete<IdParams>(`${prefix}/:id`, async (request) => {
      const { seller: s } = await seller(request);
      const released = await deleteCart(db, ctx.dialect, { sellerId: s.id, identity: await readIdentity(db, request), cartId: request.params.id, now: ctx.now() });
      return { cart: { _count: 0, _total: 0, _data: [] }, released };
    });
  }
}
