import { ZCartGiftCardBody, ZGiftCheckout, ZGiftee, ZGuestCheckout, ZPayBody, ZPaymentReturnBody, ZCartDocument, ZLedgerDocument, ZPayAnswer, ZGifteeAnswer } from '@foyer/contracts';
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
import { z } from 'zod';
import { docs, post, queryParam, sellerParam, type Parameter } from '../http/route-docs.js';
import { cartChange, MODIFIABLE, OWNED } from '../cart/cart-refusals.js';

const idempotencyKey: Parameter = { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 200 }, description: 'Names one payment attempt: the same request with the key replays a success and retries a failure; another request with it is refused (422 idempotency_key_reused).' };
const PAY = docs({
  summary: 'Pay (part of) a cart with a gateway; outcome completed (with ticket_order), partial or pending. A booked cart pays its order\'s later instalments (the order\'s manage key or its buyer; docs/payments.md)',
  parameters: [sellerParam, idempotencyKey, queryParam('key', "A booked cart: the order's manage-link key (else the buyer's own identity).")],
  body: ZPayBody,
  ok: ZPayAnswer,
  refusals: {
    ...OWNED,
    '400': 'validation_failed (amount, idempotency key, captcha; over-payment of a booked order), payment_not_supported (gateway or amount), seller_not_found',
    '404': 'not_found (a booked cart: a wrong or expired manage key), seller_not_found',
    '402': 'card_declined, incorrect_cvc, incorrect_zip, payment_failed, intent_requires_action (_extra: what the page must confirm)',
    '409': 'intent_processing, incorrect_cart_state (the price changed since the cart was priced: an offer ended; _extra.outstanding, nothing charged)',
    '410': 'cart_expired (not charged, or refunded when the tickets or a code use were gone)',
    '422': 'idempotency_key_reused (the key was used with another cart or request)',
  },
});
const PAYMENT_RETURN = docs({
  summary: 'Back from a payment redirect (bacs_debit, afterpay_clearpay): the gateway says what became of the intent; answered like pay (completed, pending) or its refusals. A settled payment answers what it came to (reloads never book twice)',
  parameters: [sellerParam],
  body: ZPaymentReturnBody,
  ok: ZPayAnswer,
  refusals: {
    ...OWNED,
    '400': 'validation_failed, seller_not_found',
    '402': 'card_declined, payment_failed (not completed at the provider)',
    '404': 'not_found (cart, or no payment of this cart with that client secret)',
    '409': 'intent_processing',
    '410': 'cart_expired (refunded when the tickets were gone)',
  },
});
const KEEP_CARD = cartChange("Keep a gift card on the cart until it is paid (the cart's giftCards: number, balance, state)", ZCartGiftCardBody, {
  '400': 'validation_failed (number), seller_not_found',
  '404': 'not_found (no such gift card), seller_not_found',
  '409': 'validation_failed (already applied), cart_already_booked, intent_processing',
  '422': 'validation_failed (balance $0 or not active; more than 10 cards)',
});
const DROP_CARD = cartChange('Take a kept gift card off the cart', undefined, { '404': 'not_found (not kept on this cart), seller_not_found' });
const LEDGER = docs({
  summary: "A gift card's number, state and balance (private, no-store)",
  parameters: [sellerParam],
  ok: ZLedgerDocument,
  refusals: { '400': 'validation_failed, seller_not_found', '404': 'not_found, seller_not_found' },
});
const DEMO_CONFIRM = docs({
  summary: 'Demo gateway only: the test page confirms a payment that asked for confirmation (intent_requires_action)',
  ok: z.object({ confirmed: z.literal(true) }),
  refusals: { '404': 'not_found' },
});
const GUEST_CHECKOUT = docs({
  summary: 'Name the purchaser (a guest identity from POST user) and whether to e-mail them; for a change cart (self-edit) with nothing to pay, gateway_id "free" confirms the change (answered like pay: outcome and ticket_order)',
  parameters: [sellerParam],
  body: ZGuestCheckout,
  ok: z.union([ZCartDocument, ZPayAnswer]),
  refusals: { ...MODIFIABLE, '400': 'validation_failed (guest_identity_id missing; gateway "free" for a cart that changes no order), payment_not_supported (a change with an amount to pay)', '404': 'not_found (cart or purchaser), seller_not_found' },
});
const MEMBER_CHECKOUT = cartChange('The logged-in member is the purchaser', undefined, { '400': 'validation_failed (guest_identity_id missing)', '404': 'not_found (cart or purchaser), seller_not_found' });
const GIFTEE = post(
  'Name the person a gift is for (a known e-mail is the same person); answers their identity_id',
  ZGiftee,
  ZGifteeAnswer,
  { '400': 'validation_failed, validate_not_email, seller_not_found', '404': 'seller_not_found' },
  [sellerParam],
);
const GIFT_CHECKOUT = cartChange('Record the giftee on the cart (members only)', ZGiftCheckout, { '400': 'validation_failed (gift to oneself)', '401': 'not_authorized', '404': 'not_found (cart or giftee), seller_not_found' });

type IdParams = { Params: { id: string } };

/** A manage link's key (?key=) on the pay call: paying a booked order's later instalments. */
const manageKeyOf = (query: unknown) => {
  const key = (query as Record<string, unknown> | null)?.key;
  return typeof key === 'string' && key ? key : null;
};

/** Paying: who buys (guest, member, gift), gift cards, the pay call and its gateways' callbacks (docs/payments.md#gift-cards). */
export function registerCheckoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const stripe = ctx.stripe ?? null;
  registerPaymentRoutes(app, ctx, stripe);
  const captcha = captchaVerifierFor(ctx.settings);

  for (const prefix of ['/api/cart', '/api/my/cart']) {
    app.post<IdParams>(`${prefix}/:id/pay`, { schema: PAY }, async (request) => {
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
    app.post<IdParams>(`${prefix}/:id/payment_return`, { schema: PAYMENT_RETURN }, async (request) => {
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
    app.post<IdParams>(`${prefix}/:id/gift_card`, { schema: KEEP_CARD }, async (request) => {
      const body = parseBody(ZCartGiftCardBody, request.body, 'gift_card');
      const { seller } = await sellerOfRequest(ctx, request);
      const now = ctx.now();
      await keepGiftCard(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, number: body.number, remove: false, now });
      return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
    });
    app.delete<{ Params: { id: string; number: string } }>(`${prefix}/:id/gift_card/:number`, { schema: DROP_CARD }, async (request) => {
      const { seller } = await sellerOfRequest(ctx, request);
      const now = ctx.now();
      await keepGiftCard(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, number: request.params.number, remove: true, now });
      return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
    });
  }

  app.get<{ Params: { ledgerType: string; number: string } }>('/api/ledger/:ledgerType/:number', { schema: LEDGER }, async (request, reply) => {
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
    app.post<IdParams>(`${prefix}/:id/guest_checkout`, { schema: GUEST_CHECKOUT }, async (request) => {
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
  app.post<IdParams>('/api/my/cart/:id/checkout', { schema: MEMBER_CHECKOUT }, async (request) => purchaser(request, null, true, null));

  // Gifts (docs/memberships.md#7-gifts-of-membership): POST giftee names the person, gift_checkout records them on the cart.
  app.post('/api/giftee', { schema: GIFTEE }, async (request) => {
    const body = parseBody(ZGiftee, request.body, 'giftee');
    const { seller } = await sellerOfRequest(ctx, request);
    const holder = await readIdentity(db, request);
    const identityId = await registerGiftee(db, { sellerId: seller.id, body, holderIdentityId: holder?.id ?? null, ip: request.ip, now: ctx.now() });
    return { ...document('giftee', [{ identity_id: identityId, first_name: body.first_name, last_name: body.last_name, email: body.email }], 1), identity_id: identityId };
  });
  app.post<IdParams>('/api/my/cart/:id/gift_checkout', { schema: GIFT_CHECKOUT }, async (request) => {
    const body = parseBody(ZGiftCheckout, request.body, 'gift_checkout');
    const { seller } = await sellerOfRequest(ctx, request);
    const now = ctx.now();
    await giftCheckout(db, { sellerId: seller.id, identity: await readIdentity(db, request), cartId: request.params.id, gifteeIdentityId: body.giftee_identity_id, sendEmail: body.send_email, now });
    return cartDocument(db, request.params.id, DEFAULT_CART_EMBEDS, now, ctx);
  });

  app.post<{ Params: { reference: string } }>('/api/payments/demo/:reference/confirm', { schema: DEMO_CONFIRM }, async (request) => {
    await confirmDemoIntent(db, request.params.reference);
    return { confirmed: true };
  });
}
