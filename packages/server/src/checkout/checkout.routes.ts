import { ZCartGiftCardBody, ZGiftCheckout, ZGiftee, ZGuestCheckout, ZPayBody, ZPaymentReturnBody } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { cartDocument, DEFAULT_CART_EMBEDS } from '../cart/cart-document.js';
import { document } from '../http/envelope.js';
import { parseBody } from '../http/parse-body.js';
import { readIdentity } from '../identity/public-identity.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { confirmDemoIntent } from '../payments/confirm-demo-intent.js';
import { gatewaysFor } from '../payments/gateways.js';
import { registerPaymentRoutes } from '../payments/payments.routes.js';
import { captchaVerifierFor } from './captcha.js';
import { getLedger } from './get-ledger.js';
import { keepGiftCard } from './keep-gift-card.js';
import { giftCheckout } from './gift-checkout.js';
import { payAnswer } from './pay-answer.js';
import { payCart } from './pay-cart.js';
import { returnFromRedirect } from './redirect-return.js';
import { registerGiftee } from './register-giftee.js';
import { setPurchaser } from './set-purchaser.js';
import type { IdentityAnswers } from '@foyer/contracts/rules';
import { confirmFreeChange } from '../orders/self-edit/confirm-free-change.js';

type IdParams = { Params: { id: string } };

/** A manage link's key (?key=) on the pay call: paying a booked order's later instalments. */
const manageKeyOf = (query: unknown) => {
  const key = (query as Record<string, unknown> | null)?.key;
  return typeof key === 'string' && key ? key : null;
};

/** Paying: who buys (guest, member, gift), gift cards, the pay call and its gateways' callbacks (docs/checkout.md, docs/payments.md). */
export function registerCheckoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const stripe = ctx.stripe ?? null;
  registerPaymentRoutes(app, ctx, stripe);
  const captcha = captchaVerifierFor(ctx.settings);

  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/pay`, async (request) => {
      const body = parseBody(ZPayBody, request.body, 'payment');
      const { seller } = await sellerOfRequest(ctx, request);
      const key = request.headers['idempotency-key'];
      const now = ctx.now();
      const result = await payCart({
        db,
        dialect: ctx.dialect,
        sellerId: seller.id,
        currency: seller.currency,
        identity: await readIdentity(db, request),
        cartId: request.params.id,
        body,
        idempotencyKey: typeof key === 'string' && key.length <= 200 ? key : null,
        gateways: gatewaysFor(db, seller.id, stripe),
        now,
        publicUrl: ctx.settings.publicUrl,
        captcha,
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : '',
        orderKey: manageKeyOf(request.query),
      });
      return payAnswer(db, request.params.id, result, now, ctx);
    });
    // Back from a payment redirect (docs/checkout.md#screens Checkout): the gateway says what became of the payment.
    app.post<IdParams>(`${prefix}/:id/payment_return`, async (request) => {
      const body = parseBody(ZPaymentReturnBody, request.body, 'payment');
      const { seller } = await sellerOfRequest(ctx, request);
      const now = ctx.now();
      const result = await returnFromRedirect({
        db,
        dialect: ctx.dialect,
        sellerId: seller.id,
        identity: await readIdentity(db, request),
        cartId: request.params.id,
        clientSecret: body.payment_intent_client_secret,
        gateways: gatewaysFor(db, seller.id, stripe),
        now,
        publicUrl: ctx.settings.publicUrl,
      });
      return payAnswer(db, request.params.id, result, now, ctx);
    });
  }

  // Gift cards applied at checkout are kept on the cart until it is paid (docs/payments.md "Gift cards").
  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/gift_card`, async (request) => {
      const body = parseBody(ZCartGiftCardBody, request.body, 'gift_card');
      const { seller } = await sellerOfRequest(ctx, request);
      const now = ctx.now();
      await keepGiftCard(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, number: body.number, remove: false, now });
      return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
    });
    app.delete<{ Params: { id: string; number: string } }>(`${prefix}/:id/gift_card/:number`, async (request) => {
      const { seller } = await sellerOfRequest(ctx, request);
      const now = ctx.now();
      await keepGiftCard(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, number: request.params.number, remove: true, now });
      return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
    });
  }

  app.get<{ Params: { ledgerType: string; number: string } }>('/api/ledger/:ledgerType/:number', async (request, reply) => {
    const { seller } = await sellerOfRequest(ctx, request);
    reply.header('cache-control', 'private, no-store');
    return getLedger(db, { sellerId: seller.id, ledgerType: request.params.ledgerType, number: request.params.number });
  });

  const purchaser = async (request: FastifyRequest<IdParams>, purchaserIdentityId: string | null, sendEmail: boolean, answers: IdentityAnswers | null, gifteeIdentityId: string | null = null, paymentMethodType: string | null = null, giverIdentityId: string | null = null) => {
    const { seller } = await sellerOfRequest(ctx, request);
    const now = ctx.now();
    await setPurchaser(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, purchaserIdentityId, gifteeIdentityId, giverIdentityId, sendEmail, answers, now, paymentMethodType });
    return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
  };
  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/guest_checkout`, async (request) => {
      const body = parseBody(ZGuestCheckout, request.body, 'checkout');
      if (body.gateway_id === 'free') {
        // Confirm Changes of a free edit (orders/self-edit/): the order's purchaser stays.
        const { seller } = await sellerOfRequest(ctx, request);
        const now = ctx.now();
        const key = request.headers['idempotency-key'];
        const result = await confirmFreeChange({ db, dialect: ctx.dialect, sellerId: seller.id, currency: seller.currency, identity: await readIdentity(db, request), cartId: request.params.id, idempotencyKey: typeof key === 'string' && key.length <= 200 ? key : null, gateways: gatewaysFor(db, seller.id, stripe), now, publicUrl: ctx.settings.publicUrl, ip: request.ip });
        return payAnswer(db, request.params.id, result, now, ctx);
      }
      return purchaser(request, body.guest_identity_id ?? null, body.send_email, body.identity_form ?? {}, body.giftee_identity_id ?? null, body.payment_method_type ?? null, body.giver_identity_id ?? null);
    });
  }
  app.post<IdParams>('/api/my/cart/:id/checkout', async (request) => purchaser(request, null, true, null));

  // Gifts (docs/memberships.md#7-gifts-of-membership): POST giftee names the person, gift_checkout records them on the cart.
  app.post('/api/giftee', async (request) => {
    const body = parseBody(ZGiftee, request.body, 'giftee');
    const { seller } = await sellerOfRequest(ctx, request);
    const holder = await readIdentity(db, request);
    const identityId = await registerGiftee(db, { sellerId: seller.id, body, holderIdentityId: holder?.id ?? null, ip: request.ip, now: ctx.now() });
    return { ...document('giftee', [{ identity_id: identityId, first_name: body.first_name, last_name: body.last_name, email: body.email }], 1), identity_id: identityId };
  });
  app.post<IdParams>('/api/my/cart/:id/gift_checkout', async (request) => {
    const body = parseBody(ZGiftCheckout, request.body, 'gift_checkout');
    const { seller } = await sellerOfRequest(ctx, request);
    const now = ctx.now();
    await giftCheckout(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, gifteeIdentityId: body.giftee_identity_id, sendEmail: body.send_email, now });
    return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
  });

  app.post<{ Params: { reference: string } }>('/api/payments/demo/:reference/confirm', async (request) => {
    await confirmDemoIntent(db, request.params.reference);
    return { confirmed: true };
  });
}
