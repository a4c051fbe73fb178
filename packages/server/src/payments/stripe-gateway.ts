import type Stripe from 'stripe';
import type { ChargeResult, FailureCode, PaymentGateway } from './gateway.js';
import { configurationOf } from './stripe-method-configuration.js';
import { createRedirectIntent } from './stripe-redirect-intent.js';

const KNOWN_FAILURES: FailureCode[] = ['card_declined', 'incorrect_cvc', 'incorrect_zip'];

/** A PaymentIntent's state as the pay flow sees it (also the webhook's). */
export function intentResult(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id };
    case 'requires_action':
      return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret ?? '', ...(intent.next_action?.redirect_to_url?.url ? { redirectUrl: intent.next_action.redirect_to_url.url } : {}) };
    case 'processing':
      return { status: 'processing', reference: intent.id };
    default: {
      // requires_payment_method after a failed confirmation (3-D Secure refused), or canceled.
      const error = intent.last_payment_error;
      const code = KNOWN_FAILURES.find((c) => c === error?.code || c === error?.decline_code) ?? (error ? 'card_declined' : 'payment_failed');
      return { status: 'failed', code, message: error?.message ?? 'The payment was not completed.' };
    }
  }
}

/** Stripe's errors: card problems are refusals; a lost connection or a Stripe outage leaves the outcome unknown. */
function fromError(error: unknown): ChargeResult {
  const e = error as { type?: string; code?: string; decline_code?: string; message?: string; statusCode?: number };
  if (e.type === 'StripeCardError') {
    const code = KNOWN_FAILURES.find((c) => c === e.code || c === e.decline_code) ?? 'card_declined';
    return { status: 'failed', code, message: e.message ?? 'Your card was declined.' };
  }
  if (e.type === 'StripeInvalidRequestError' && e.statusCode !== undefined && e.statusCode < 500) {
    return { status: 'failed', code: 'payment_failed', message: 'Please edit your payment details and try again.' };
  }
  return { status: 'unknown' };
}

/**
 * Cards (and wallets) through Stripe PaymentIntents (docs/payments.md#paying). The browser collects the card
 * with Stripe.js and sends its payment method id; the intent is created and confirmed here with
 * the pay call's idempotency key, so a retried pay never charges twice. 3-D Secure answers
 * `requires_action`; the browser confirms with Stripe and pays again naming the intent. The
 * webhook (stripe-webhook.ts) settles whatever this call did not see finish.
 */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    id: 'stripe',
    isCard: true,
    async charge(request) {
      try {
        if (request.confirmedIntent) return intentResult(await stripe.paymentIntents.retrieve(request.confirmedIntent.reference));
        if (request.offSession) {
          // Auto-renew: the kept card, charged with the member absent (3-D Secure then fails as requires_action).
          const kept = JSON.parse(request.offSession.reference) as { customer: string; payment_method: string };
          const intent = await stripe.paymentIntents.create(
            { amount: request.amount, currency: request.currency.toLowerCase(), customer: kept.customer, payment_method: kept.payment_method, off_session: true, confirm: true, metadata: { payment_id: request.paymentId }, ...configurationOf(request) },
            { idempotencyKey: request.idempotencyKey },
          );
          return intentResult(intent);
        }
        if (request.redirect) return intentResult(await createRedirectIntent(stripe, request, request.redirect));
        const paymentMethod = request.data.payment_method_id;
        if (typeof paymentMethod !== 'string' || !/^pm_\w{1,200}$/.test(paymentMethod)) {
          return { status: 'failed', code: 'payment_failed', message: 'Please edit your payment details and try again.' };
        }
        // Auto-renew (docs/memberships.md#8-auto-renew): the card is attached to a Customer and kept for off-session charges.
        const save = request.saveForFutureUse;
        const customer = save ? await stripe.customers.create({ email: save.email, name: save.name, metadata: { payment_id: request.paymentId } }, { idempotencyKey: `customer_${request.paymentId}` }) : null;
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            payment_method: paymentMethod,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            metadata: { payment_id: request.paymentId },
            ...configurationOf(request),
            ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const result = intentResult(intent);
        if (result.status !== 'succeeded') return result;
        // The card's brand and last 4 for the box office (display only: a failed look-up loses nothing).
        const card = (await stripe.paymentMethods.retrieve(paymentMethod).catch(() => null))?.card;
        const shown = card ? { ...result, card: { brand: card.brand, last4: card.last4 } } : result;
        if (!customer) return shown;
        return { ...shown, saved: { reference: JSON.stringify({ customer: customer.id, payment_method: paymentMethod }), brand: card?.brand ?? 'card', last4: card?.last4 ?? '' } };
      } catch (error) {
        return fromError(error);
      }
    },
    async lookup(payment) {
      if (payment.reference) return intentResult(await stripe.paymentIntents.retrieve(payment.reference));
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${payment.id}'`, limit: 1 });
      return found.data[0] ? intentResult(found.data[0]) : null;
    },
    async returned(payment) {
      try {
        const intent = await stripe.paymentIntents.retrieve(payment.reference);
        return intent.client_secret === payment.clientSecret ? intentResult(intent) : null;
      } catch (error) {
        const e = error as { statusCode?: number };
        if (e.statusCode === 404) return null;
        throw error;
      }
    },
    async refund(payment) {
      if (!payment.reference) return;
      await stripe.refunds.create({ payment_intent: payment.reference, amount: payment.amount }, { idempotencyKey: `refund_${payment.id}` });
    },
  };
}
