import { DEFAULT_HOLD_MINUTES, ZCartModify, ZCartRemove, ZCartTransfer, ZCartDeleted, ZCartDocument } from '@foyer/contracts';
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
import { docs, embedParam, queryParam, sellerParam, type Refusals } from '../http/route-docs.js';
import { cartChange, MODIFIABLE, OWNED } from './cart-refusals.js';

/** A manage link's key (?key=): opens the order a change cart names (self-edit). */
const manageKeyParam = queryParam('key');
const SELLER: Refusals = { '400': 'seller_not_found (malformed), validation_failed', '404': 'seller_not_found' };
const RESERVE = 'validation_failed, additional_info_validation_failed, rule_blocks_reserve, max_tickets_per_order_exceeded, min_tickets_per_order_not_met, seller_not_found';
/** docs/memberships.md "Locked member details". */
const LOCKED = 'member_details_locked (prevent_membership_updates: a member names other people on its new cards)';
/** A reserve naming promo codes counts its wrong ones like apply_code (promotions/code-guessing.ts). */
const CODE_GUESSES = 'rate_limited (too many wrong promo codes from this address or for this cart)';
const CAPACITY = 'event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, ticket_group_capacity_exceeded, incorrect_cart_state (injected cart)';
const CREATE = docs({
  summary: 'Create a cart holding the given tickets; sets the identity cookie. With ticket_order_id (and the manage link ?key=): a change cart of that order (self-edit), whose remove may name the order\'s tickets',
  parameters: [sellerParam, manageKeyParam],
  body: ZCartModify,
  ok: ZCartDocument,
  refusals: { ...SELLER, '400': RESERVE, '403': `self_edit_not_allowed (self-edit off, not eligible, or logged in), ${LOCKED}`, '404': 'ticket_not_found (context cart_remove_tickets), not_found (no such order, or not the caller\'s: another identity, no key, a wrong key), seller_not_found', '409': `${CAPACITY}, tickets_too_old, ticket_state_incorrect (context cart_remove_tickets)`, '429': CODE_GUESSES },
});
const MODIFY = cartChange('Add tickets to a cart or remove them by id', ZCartModify, {
  '400': RESERVE,
  '403': `${MODIFIABLE['403']}, ${LOCKED}`,
  '404': 'not_found, ticket_not_found, seller_not_found',
  '409': `cart_already_booked, intent_processing, ${CAPACITY}, tickets_too_old, ticket_state_incorrect (a change cart)`,
  '429': CODE_GUESSES,
});
const REMOVE = cartChange("Remove tickets by id (docs/after-sale.md#how-a-change-works-server); in a change cart also the order's own tickets (self-edit)", ZCartRemove, {
  '400': 'validation_failed',
  '403': 'self_edit_not_allowed',
  '404': 'not_found, ticket_not_found (context cart_remove_tickets), seller_not_found',
  '409': 'cart_already_booked, intent_processing, tickets_too_old, ticket_state_incorrect, incorrect_cart_state',
});
const READ = docs({ summary: 'A cart with its tickets (private, no-store)', parameters: [sellerParam, embedParam], ok: ZCartDocument, refusals: { ...OWNED, '400': 'unknown_embed, bad_field_value, seller_not_found' } });
const DELETE = docs({
  summary: 'Delete a cart and release its held tickets',
  parameters: [sellerParam],
  ok: ZCartDeleted,
  refusals: { ...SELLER, ...OWNED, '409': 'incorrect_cart_state (booked or injected)' },
});
const TRANSFER = docs({
  summary: "Take over a staff-created cart with its payment link's key (once); sets the identity cookie",
  parameters: [sellerParam, embedParam],
  body: ZCartTransfer,
  ok: ZCartDocument,
  refusals: { ...SELLER, '403': 'scope_error (wrong or used key)', '404': 'not_found, seller_not_found' },
});

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
    app.post(`${prefix}/modify`, { schema: CREATE }, modify);
    app.post<IdParams>(`${prefix}/:id/modify`, { schema: MODIFY }, modify);

    // docs/after-sale.md#how-a-change-works-server POST cart/{cartId}/remove: a modify that only removes (edit order: Remove, Cancel).
    app.post<IdParams>(`${prefix}/:id/remove`, { schema: REMOVE }, async (request, reply) => {
      const body = parseBody(ZCartRemove, request.body, 'cart_remove_tickets');
      const { seller: s } = await seller(request);
      const now = ctx.now();
      const writer = await writerIdentity(db, request);
      const modified = await modifyCart({ db, dialect: ctx.dialect, sellerId: s.id, writer, viewer: await resolveViewer(db, request, s.id, now), cartId: request.params.id, body: { add: [], remove: body.tickets }, now, defaultHoldMinutes: DEFAULT_HOLD_MINUTES, cache: ctx.cache, client: clientLimitsFor(ctx.settings.operations, request.ip) });
      setIdentityCookie(request, reply, writer);
      return cartDocument(db, modified, DEFAULT_CART_EMBEDS, now, ctx);
    });

    app.get<IdParams>(`${prefix}/:id`, { schema: READ }, async (request, reply) => {
      const { query, seller: s } = await seller(request);
      const cart = await cartWithOwnerKind(db, request.params.id);
      assertOwner(cart, await readIdentity(db, request), s.id);
      reply.header('cache-control', 'private, no-store');
      return cartDocument(db, cart.id, new Set(['ticket', ...query.embed]), ctx.now(), ctx);
    });

    // The payment link of a staff-created cart: the key makes the caller its owner (once).
    app.post<IdParams>(`${prefix}/:id/transfer`, { schema: TRANSFER }, async (request, reply) => {
      const body = parseBody(ZCartTransfer, request.body ?? {}, 'cart');
      const { query, seller: s } = await seller(request);
      const now = ctx.now();
      const writer = await writerIdentity(db, request);
      const cartId = await transferCart(db, ctx.dialect, { sellerId: s.id, writer, cartId: request.params.id, key: body.key ?? null, now });
      setIdentityCookie(request, reply, writer);
      reply.header('cache-control', 'private, no-store');
      return cartDocument(db, cartId, new Set(['ticket', ...query.embed]), now, ctx);
    });

    app.delete<IdParams>(`${prefix}/:id`, { schema: DELETE }, async (request) => {
      const { seller: s } = await seller(request);
      const released = await deleteCart(db, ctx.dialect, { sellerId: s.id, identity: await readIdentity(db, request), cartId: request.params.id, now: ctx.now() });
      return { cart: { _count: 0, _total: 0, _data: [] }, released };
    });
  }
}
