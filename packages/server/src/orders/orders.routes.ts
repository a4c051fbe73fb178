import { ZGiftCheckout, ZGiftee, ZGuestCheckout, ZPayBody } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { cartDocument, DEFAULT_CART_EMBEDS } from '../cart/cart-document.js';
import { AppError } from '../http/app-error.js';
import { document, list } from '../http/envelope.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery } from '../http/query.js';
import { readRoute, sendCacheable } from '../http/read-route.js';
import { readIdentity } from '../identity/public-identity.js';
import { confirmDemoIntent } from '../payments/confirm-demo-intent.js';
import { captchaVerifierFor } from '../payments/captcha.js';
import { gatewaysFor } from '../payments/gateways.js';
import { payCart } from '../payments/pay-cart.js';
import { registerPaymentRoutes } from '../payments/payments.routes.js';
import { stripeClient } from '../payments/stripe-client.js';
import { getLedger } from '../payments/get-ledger.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { ORDER_QUERY, orderDocument, orderOut } from './order-document.js';
import { setPurchaser } from './set-purchaser.js';
import { resendConfirmation } from './resend-confirmation.js';
import { registerGiftee } from './register-giftee.js';
import { giftCheckout } from './gift-checkout.js';
import { orderQrText, qrPng } from './qr-code.js';

type IdParams = { Params: { id: string } };

/** Paying a cart and reading the order (001 §3, §4, §7). */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const stripe = ctx.settings.stripe ? stripeClient(ctx.settings.stripe) : null;
  registerPaymentRoutes(app, ctx, stripe);
  const captcha = captchaVerifierFor(ctx.settings);
  const seller = async (request: FastifyRequest) => {
    const query = parseQuery(request.query as Record<string, unknown>, ORDER_QUERY);
    return { query, seller: await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache) };
  };

  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/pay`, async (request) => {
      const body = parseBody(ZPayBody, request.body, 'payment');
      const { seller: s } = await seller(request);
      const key = request.headers['idempotency-key'];
      const now = ctx.now();
      const identity = await readIdentity(db, request);
      // 001 §5: the invisible captcha is for non-members; checked before anything is claimed or charged.
      if (captcha && identity?.kind !== 'user' && !(body.captcha && (await captcha.verify(body.captcha, request.ip)))) {
        throw new AppError(400, 'validation_failed', 'Please complete the captcha and try again.', 'captcha');
      }
      const result = await payCart({
        db,
        dialect: ctx.dialect,
        sellerId: s.id,
        currency: s.currency,
        identity,
        cartId: request.params.id,
        body,
        idempotencyKey: typeof key === 'string' && key.length <= 200 ? key : null,
        gateways: gatewaysFor(db, s.id, stripe),
        now,
        publicUrl: ctx.settings.publicUrl,
      });
      const doc = (await cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx.cache)) as Record<string, unknown>;
      if (result.outcome === 'completed') {
        const order = await db.selectFrom('ticket_order').selectAll().where('id', '=', result.orderId).executeTakeFirstOrThrow();
        doc.ticket_order = list([orderOut(order)]);
      }
      return { ...doc, outcome: result.outcome };
    });
  }

  app.get<{ Params: { ledgerType: string; number: string } }>('/api/ledger/:ledgerType/:number', async (request, reply) => {
    const { seller: s } = await seller(request);
    reply.header('cache-control', 'private, no-store');
    return getLedger(db, { sellerId: s.id, ledgerType: request.params.ledgerType, number: request.params.number });
  });

  const purchaser = async (request: FastifyRequest<IdParams>, purchaserIdentityId: string | null, sendEmail: boolean) => {
    const { seller: s } = await seller(request);
    const now = ctx.now();
    await setPurchaser(db, { sellerId: s.id, identity: await readIdentity(db, request), cartId: request.params.id, purchaserIdentityId, sendEmail, now });
    return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx.cache);
  };
  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/guest_checkout`, async (request) => {
      const body = parseBody(ZGuestCheckout, request.body, 'checkout');
      return purchaser(request, body.guest_identity_id ?? null, body.send_email);
    });
  }
  app.post<IdParams>('/api/my/cart/:id/checkout', async (request) => purchaser(request, null, true));

  // Gifts (000 §7, 001 §7): POST giftee names the person, gift_checkout records them on the cart.
  app.post('/api/giftee', async (request) => {
    const body = parseBody(ZGiftee, request.body, 'giftee');
    const { seller: s } = await seller(request);
    const holder = await readIdentity(db, request);
    const identityId = await registerGiftee(db, { sellerId: s.id, body, holderIdentityId: holder?.id ?? null, ip: request.ip, now: ctx.now() });
    return { ...document('giftee', [{ identity_id: identityId, first_name: body.first_name, last_name: body.last_name, email: body.email }], 1), identity_id: identityId };
  });
  app.post<IdParams>('/api/my/cart/:id/gift_checkout', async (request) => {
    const body = parseBody(ZGiftCheckout, request.body, 'gift_checkout');
    const { seller: s } = await seller(request);
    const now = ctx.now();
    await giftCheckout(db, { sellerId: s.id, identity: await readIdentity(db, request), cartId: request.params.id, gifteeIdentityId: body.giftee_identity_id, sendEmail: body.send_email, now });
    return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx.cache);
  });

  app.post<IdParams>('/api/ticket_order/:id/email', async (request) => {
    const { seller: s } = await seller(request);
    await resendConfirmation(db, { sellerId: s.id, identity: await readIdentity(db, request), orderId: request.params.id, ip: request.ip, now: ctx.now(), publicUrl: ctx.settings.publicUrl });
    return { sent: true };
  });

  app.post<{ Params: { reference: string } }>('/api/payments/demo/:reference/confirm', async (request) => {
    await confirmDemoIntent(db, request.params.reference);
    return { confirmed: true };
  });

  app.get<IdParams>('/api/ticket_order/:id', async (request, reply) => {
    const { query, seller: s } = await seller(request);
    const identity = await readIdentity(db, request);
    const order = await db.selectFrom('ticket_order').selectAll().where('id', '=', request.params.id).where('seller_id', '=', s.id).executeTakeFirst();
    if (!order) throw new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');
    if (!identity || identity.id !== order.identity_id) throw new AppError(403, 'scope_error', 'This order belongs to someone else.', 'ticket_order');
    reply.header('cache-control', 'private, no-store');
    return orderDocument(db, [order], query.embed);
  });

  // By id list: the complete page. Order ids are unguessable (UUIDv7), so the list works as a
  // capability and may be cached; it carries no personal data.
  readRoute(app, '/ticket_order', async ({ request }) => {
    const { query, seller: s } = await seller(request);
    const idFilter = query.filters.find((f) => f.field === 'id');
    if (!idFilter) throw new AppError(400, 'bad_field_value', 'Name the orders with id._in.', 'ticket_order');
    const ids = (Array.isArray(idFilter.value) ? idFilter.value : [idFilter.value]).map(String).slice(0, 50);
    const orders = await db.selectFrom('ticket_order').selectAll().where('seller_id', '=', s.id).where('id', 'in', ids).orderBy('created_at').execute();
    return orderDocument(db, orders, query.embed);
  });

  for (const prefix of ['/api', '/cached_api']) {
    app.get<IdParams>(`${prefix}/ticket_order/:id/qrcode`, async (request, reply) => {
      const q = parseQuery(request.query as Record<string, unknown>, { params: { margin: 'number', size: 'number' } });
      const margin = Math.min(16, Math.max(0, Math.round(Number(q.params.margin ?? 4))));
      const order = await db.selectFrom('ticket_order').select(['id', 'order_number']).where('id', '=', request.params.id).executeTakeFirst();
      if (!order) throw new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');
      const png = await qrPng(orderQrText(order), { margin, width: Math.min(1024, Math.max(64, Number(q.params.size ?? 320))) });
      reply.type('image/png');
      return sendCacheable(request, reply, png, 86_400);
    });
  }
}
