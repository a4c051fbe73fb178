import { z } from 'zod';
import { ZCartDocument, ZCartGiftCardBody, ZLedgerDocument, ZPayAnswer, ZPayBody, ZPaymentReturnBody } from '@foyer/contracts';
import { operation, pathParam, sellerParam } from '../http/openapi-parts.js';
import { MODIFIABLE, OWNED } from '../cart/openapi-paths.js';

const idempotencyKey = { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 200 }, description: 'Names one payment attempt: the same request with the key replays a success and retries a failure; another request with it is refused (422 idempotency_key_reused).' };

/** OpenAPI paths of paying (docs/payments.md), the ledger and the gateways' callbacks. */
export function paymentPaths() {
  const pay = operation({
    summary: 'Pay (part of) a cart with a gateway; outcome completed (with ticket_order), partial or pending. A booked cart pays its order\'s later instalments (the order\'s manage key or its buyer; docs/payments.md)',
    parameters: [pathParam('id'), sellerParam, idempotencyKey, { name: 'key', in: 'query', schema: { type: 'string' }, description: "A booked cart: the order's manage-link key (else the buyer's own identity)." }],
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
  const paymentReturn = operation({
    summary: 'Back from a payment redirect (bacs_debit, afterpay_clearpay): the gateway says what became of the intent; answered like pay (completed, pending) or its refusals. A settled payment answers what it came to (reloads never book twice)',
    parameters: [pathParam('id'), sellerParam],
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
  const keepCard = operation({
    summary: "Keep a gift card on the cart until it is paid (the cart's giftCards: number, balance, state)",
    parameters: [pathParam('id'), sellerParam],
    body: ZCartGiftCardBody,
    ok: ZCartDocument,
    refusals: { ...MODIFIABLE, '400': 'validation_failed (number), seller_not_found', '404': 'not_found (no such gift card), seller_not_found', '409': 'validation_failed (already applied), cart_already_booked, intent_processing', '422': 'validation_failed (balance $0 or not active; more than 10 cards)' },
  });
  const dropCard = operation({
    summary: 'Take a kept gift card off the cart',
    parameters: [pathParam('id'), pathParam('number'), sellerParam],
    ok: ZCartDocument,
    refusals: { ...MODIFIABLE, '404': 'not_found (not kept on this cart), seller_not_found' },
  });
  return {
    '/cart/{id}/gift_card': { post: keepCard },
    '/my/cart/{id}/gift_card': { post: keepCard },
    '/cart/{id}/gift_card/{number}': { delete: dropCard },
    '/my/cart/{id}/gift_card/{number}': { delete: dropCard },
    '/cart/{id}/pay': { post: pay },
    '/my/cart/{id}/pay': { post: pay },
    '/cart/{id}/payment_return': { post: paymentReturn },
    '/my/cart/{id}/payment_return': { post: paymentReturn },
    '/ledger/{ledgerType}/{number}': {
      get: operation({
        summary: "A gift card's number, state and balance (private, no-store)",
        parameters: [pathParam('ledgerType'), pathParam('number'), sellerParam],
        ok: ZLedgerDocument,
        refusals: { '400': 'validation_failed, seller_not_found', '404': 'not_found, seller_not_found' },
      }),
    },
    '/payments/demo/{reference}/confirm': {
      post: operation({
        summary: 'Demo gateway only: the test page confirms a payment that asked for confirmation (intent_requires_action)',
        parameters: [pathParam('reference')],
        ok: z.object({ confirmed: z.literal(true) }),
        refusals: { '404': 'not_found' },
      }),
    },
    '/payments/stripe/webhook': {
      post: {
        ...operation({
          summary: 'Stripe events (the source of truth for Stripe payments); registered only when Stripe is configured',
          parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
          ok: z.object({ received: z.literal(true), handled: z.boolean() }),
          refusals: { '400': 'validation_failed (signature)' },
        }),
        requestBody: { required: true, description: 'The raw Stripe event; the signature covers the exact bytes.', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };
}
