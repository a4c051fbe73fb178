import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { sendWithEtag } from '../http/read-route.js';
import { readIdentity } from '../identity/public-identity.js';
import { ORDER_LIST_QUERY, orderDocument } from './order-document.js';
import { ordersOfIdentity } from './orders.repository.js';
import { orderQrText, qrPng } from './qr-code.js';
import { readOwnOrder, readOwnOrders } from './read-order.js';
import { resendConfirmation } from './resend-confirmation.js';
import { resendOrders } from './resend-orders.js';
import { parseBody } from '../http/parse-body.js';
import { AUTH_TEXT, ZCancelTickets, ZMyResendOrders, ZOrderEmail, ZResendOrders, ZOrderDocument, ZResendAnswer, ZOrderSessionDocument, ZCancelAnswer, ZAutoRenewCancelled } from '@foyer/contracts';
import { cancelFreeTickets } from './cancel-free-tickets.js';
import { cancelAutoRenew } from '../membership/auto-renew/cancel-auto-renew.js';
import { listOrderSessions } from './list-order-sessions.js';
import { loggedInTo } from '../auth/sessions.js';
import { userById } from '../users/public.js';
import { sellerOfRequest } from './seller-of-request.js';
import { z } from 'zod';
import { docs, embedParam, post, queryParam, sellerParam, type Operation, type Parameter, type Refusals } from '../http/route-docs.js';

type IdParams = { Params: { id: string } };

/** Every order call: the buyer's identity or ?key= opens the order; anyone else gets the 404 of no order. */
const ORDER_OWNED = { '404': "not_found (no such order, or not the caller's: another identity, no key, a wrong or expired key), seller_not_found", '429': 'rate_limited (keyed calls, per IP; Retry-After)' };
const keyParam = queryParam('key', "a manage key from the order's e-mail links");
/** A call on one order that the buyer's identity or ?key= opens (ORDER_OWNED); `more` adds refusals or says them more exactly. */
const ownedOrderCall = (o: { summary: string; parameters?: Parameter[]; body?: z.ZodType; ok: Operation['ok']; more: Refusals }) =>
  docs({ summary: o.summary, parameters: [keyParam, sellerParam, ...(o.parameters ?? [])], body: o.body, ok: o.ok, refusals: { ...ORDER_OWNED, ...o.more } });
const ORDERS = docs({
  summary: "Orders by id (id._in=…, at most 50; the complete page): only those the caller may read — bought by the caller's identity, or opened by ?key= — the others left out (at /cached_api, which reads no cookies, ?key= only). Private, revalidated by ETag. No membership embed: member cards come with GET ticket_order/{id}",
  parameters: [queryParam('id._in', undefined, true), keyParam, sellerParam, embedParam],
  ok: ZOrderDocument,
  refusals: { '400': 'bad_field_value (no id filter), unknown_field, unknown_embed, seller_not_found', '404': 'seller_not_found', '429': ORDER_OWNED['429'] },
});
const ORDER = ownedOrderCall({ summary: "One of the caller's orders: the buyer's identity or ?key= (private, no-store)", parameters: [embedParam], ok: ZOrderDocument, more: { '400': 'unknown_embed, seller_not_found' } });
/** Resending by e-mail address: a valid address, and orders it bought. */
const RESEND_REFUSALS = { '400': 'validation_failed, validate_not_email, seller_not_found', '404': 'not_found ("No orders could be found for this email address."), seller_not_found' };
const RESEND = post('Send every order an e-mail address bought to that address again (memberships_only: those with member cards)', ZResendOrders, ZResendAnswer, RESEND_REFUSALS, [sellerParam]);
const MY_ORDERS = docs({
  summary: "The logged-in user's most recent orders (50), newest first: carts they held or were named purchaser of (private, no-store)",
  parameters: [sellerParam, embedParam],
  ok: ZOrderDocument,
  refusals: { '400': 'unknown_embed, seller_not_found', '401': 'not_authorized', '404': 'seller_not_found' },
});
const MY_VISITS = docs({
  summary: "The logged-in user's upcoming visits: per order and session not yet ended, the number of booked or redeemed tickets, soonest first (private, no-store)",
  parameters: [sellerParam],
  ok: ZOrderSessionDocument,
  refusals: { '400': 'seller_not_found', '401': 'not_authorized', '404': 'seller_not_found' },
});
const MY_RESEND = post("Send the logged-in user's orders to the account's e-mail address again (memberships_only: those with member cards)", ZMyResendOrders, ZResendAnswer, { ...RESEND_REFUSALS, '401': 'not_authorized' }, [sellerParam]);
const CANCEL = ownedOrderCall({
  summary: "Cancel free tickets of one of the caller's orders (booked, adjusted value 0, session not started); capacity and member allowances given back once; the order-cancel e-mail",
  body: ZCancelTickets,
  ok: ZCancelAnswer,
  more: {
    '400': 'validation_failed, seller_not_found',
    '404': `${ORDER_OWNED['404']}, ticket_not_found`,
    '409': 'invalid_state ("You must contact us to cancel this order." for a ticket that is not free), ticket_state_incorrect (cancelled, redeemed or being changed), tickets_too_old (its session has started)',
  },
});
const CANCEL_AUTO_RENEW = docs({
  summary: "Cancel auto-renew of the order's memberships (scheduled → cancelled), with the buyer's login or the manage link's key",
  parameters: [sellerParam, queryParam('key')],
  ok: ZAutoRenewCancelled,
  refusals: { '401': 'not_authorized (not authenticated)', '404': 'not_found (order or key), seller_not_found', '409': 'not_enrolled', '429': 'rate_limited (keys)' },
});
const EMAIL = ownedOrderCall({
  summary: "Send an order e-mail again to the buyer: the confirmation (no log_context, or order_update) or the order-cancel e-mail (order_cancel); the buyer's identity or ?key= opens the order",
  body: ZOrderEmail,
  ok: z.object({ sent: z.literal(true) }),
  more: { '400': 'validation_failed (no address; order_cancel without cancelled tickets), seller_not_found', '429': 'rate_limited (Retry-After)' },
});
const QR_CODE = ownedOrderCall({
  summary: "The order's QR code, to whoever may read the order (the buyer's identity or ?key=; at /cached_api ?key= only). Private, revalidated by ETag",
  parameters: [{ name: 'size', in: 'query', schema: { type: 'integer', minimum: 64, maximum: 1024 } }, { name: 'margin', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 16 } }],
  ok: { description: 'image/png', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
  more: { '400': 'bad_field_value, seller_not_found' },
});

/** docs/checkout.md#calls `ticket.state._in`: which of the order's tickets to show (default booked and redeemed); the edit screen also asks for in_cart and cancelled. */
const ORDER_TICKET_STATES = new Set(['booked', 'redeemed', 'cancelled', 'in_cart']);
function ticketStatesOf(query: { filters: { field: string; value: unknown }[] }): string[] | undefined {
  const filter = query.filters.find((f) => f.field === 'ticket.state');
  if (!filter) return undefined;
  const states = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String).filter((s) => ORDER_TICKET_STATES.has(s));
  return states.length ? states : undefined;
}

/** GET my/ticket_order answers the most recent orders (docs/accounts.md#my-account My Account: recent orders). */
const MY_ORDERS_LIMIT = 50;

/** Order data is personal: never kept by a shared cache; the browser revalidates it by ETag. */
const ORDER_CACHE_CONTROL = 'private, no-cache';

/** A manage link's key from the query (?key=), if any. */
const keyOf = (query: { params: Record<string, unknown> }) => (typeof query.params.key === 'string' && query.params.key ? query.params.key : null);

/** Reading an order and its QR code, resending its confirmation (docs/after-sale.md#resending-tickets). Paying is in checkout/. */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post<IdParams>('/api/ticket_order/:id/email', { schema: EMAIL }, async (request) => {
    const { query, seller } = await sellerOfRequest(ctx, request);
    const body = parseBody(ZOrderEmail, request.body ?? {}, 'ticket_order');
    await resendConfirmation(db, ctx.dialect, {
      sellerId: seller.id,
      identity: await readIdentity(db, request),
      orderId: request.params.id,
      key: keyOf(query),
      ip: request.ip,
      now: ctx.now(),
      logContext: body.log_context,
      publicUrl: ctx.settings.publicUrl,
    });
    return { sent: true };
  });

  app.post('/api/ticket_order/resend', { schema: RESEND }, async (request) => {
    const { seller } = await sellerOfRequest(ctx, request);
    const body = parseBody(ZResendOrders, request.body, 'ticket_order');
    await resendOrders(db, ctx.dialect, { sellerId: seller.id, email: body.email, membershipsOnly: body.memberships_only ?? false, ip: request.ip, now: ctx.now(), publicUrl: ctx.settings.publicUrl });
    return { sent: true };
  });

  app.post('/api/my/ticket_order/resend', { schema: MY_RESEND }, async (request) => {
    const { seller } = await sellerOfRequest(ctx, request);
    const body = parseBody(ZMyResendOrders, request.body, 'ticket_order');
    const session = loggedInTo(request, seller.id, 'ticket_order');
    const user = await userById(db, session.userId);
    if (!user) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'ticket_order');
    await resendOrders(db, ctx.dialect, { sellerId: seller.id, email: user.email, membershipsOnly: body.memberships_only ?? false, ip: request.ip, now: ctx.now(), publicUrl: ctx.settings.publicUrl });
    return { sent: true };
  });

  app.post<IdParams>('/api/ticket_order/:id/cancel', { schema: CANCEL }, async (request) => {
    const { query, seller } = await sellerOfRequest(ctx, request);
    const body = parseBody(ZCancelTickets, request.body, 'ticket_order');
    const access = { ...(await accessOf(request, '/api', keyOf(query), seller.id)), orderId: request.params.id };
    return cancelFreeTickets(db, ctx.dialect, { ...access, ticketIds: body.tickets.map((t) => t.ticket_id), publicUrl: ctx.settings.publicUrl });
  });

  // docs/memberships.md#8-auto-renew Cancel auto-renew: the buyer's login or the manage link's key.
  app.delete<IdParams>('/api/ticket_order/:id/auto_renew', { schema: CANCEL_AUTO_RENEW }, async (request) => {
    const { query, seller } = await sellerOfRequest(ctx, request);
    return cancelAutoRenew(db, { ...(await accessOf(request, '/api', keyOf(query), seller.id)), orderId: request.params.id });
  });

  app.get('/api/my/ticket_order', { schema: MY_ORDERS }, async (request, reply) => {
    const { query, seller } = await sellerOfRequest(ctx, request);
    const session = loggedInTo(request, seller.id, 'ticket_order');
    reply.header('cache-control', 'private, no-store');
    return orderDocument(db, await ordersOfIdentity(db, seller.id, session.identityId, MY_ORDERS_LIMIT), query.embed, undefined, ctx.now());
  });

  app.get('/api/my/order_session', { schema: MY_VISITS }, async (request, reply) => {
    const { seller } = await sellerOfRequest(ctx, request, {});
    const session = loggedInTo(request, seller.id, 'order_session');
    reply.header('cache-control', 'private, no-store');
    return listOrderSessions(db, { sellerId: seller.id, identityId: session.identityId, now: ctx.now() });
  });

  app.get<IdParams>('/api/ticket_order/:id', { schema: ORDER }, async (request, reply) => {
    const { query, seller } = await sellerOfRequest(ctx, request);
    const order = await readOwnOrder(db, { ...(await accessOf(request, '/api', keyOf(query), seller.id)), orderId: request.params.id });
    reply.header('cache-control', 'private, no-store');
    return orderDocument(db, [order], query.embed, ticketStatesOf(query), ctx.now());
  });

  // By id list: the complete page (docs/checkout.md#calls GET ticket_order?id._in). A list answers the orders the
  // caller may read and leaves the others out, as it does ids of no order (the page shows
  // not-found when none is left). On /api: the buyer's identity or ?key=; on /cached_api, which
  // never reads cookies, ?key= only. Never publicly cached: private, revalidated by ETag.
  for (const prefix of ['/api', '/cached_api']) {
    app.get(`${prefix}/ticket_order`, { schema: ORDERS }, async (request, reply) => {
      const { query, seller } = await sellerOfRequest(ctx, request, ORDER_LIST_QUERY);
      const idFilter = query.filters.find((f) => f.field === 'id');
      if (!idFilter) throw new AppError(400, 'bad_field_value', 'Name the orders with id._in.', 'ticket_order');
      const orderIds = (Array.isArray(idFilter.value) ? idFilter.value : [idFilter.value]).map(String).slice(0, 50);
      const access = await accessOf(request, prefix, keyOf(query), seller.id);
      const { orders } = await readOwnOrders(db, { ...access, orderIds });
      const doc = await orderDocument(db, orders, query.embed, undefined, ctx.now());
      return sendWithEtag(request, reply, JSON.stringify(doc), ORDER_CACHE_CONTROL, 'application/json; charset=utf-8');
    });

    // The order's QR code (complete and tickets pages): the same access as reading the order.
    app.get<IdParams>(`${prefix}/ticket_order/:id/qrcode`, { schema: QR_CODE }, async (request, reply) => {
      const { query: q, seller } = await sellerOfRequest(ctx, request, { params: { margin: 'number', size: 'number', key: 'string' } });
      const margin = Math.min(16, Math.max(0, Math.round(Number(q.params.margin ?? 4))));
      const order = await readOwnOrder(db, { ...(await accessOf(request, prefix, keyOf(q), seller.id)), orderId: request.params.id });
      const png = await qrPng(orderQrText(order), { margin, width: Math.min(1024, Math.max(64, Number(q.params.size ?? 320))) });
      return sendWithEtag(request, reply, png, ORDER_CACHE_CONTROL, 'image/png');
    });
  }

  /** Who asks for an order: on /cached_api only the key (no cookies there), on /api also the identity. */
  async function accessOf(request: FastifyRequest, prefix: string, key: string | null, sellerId: string) {
    return { sellerId, identity: prefix === '/api' ? await readIdentity(db, request) : null, key, ip: request.ip, now: ctx.now() };
  }
}
