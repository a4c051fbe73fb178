import type Stripe from 'stripe';
import type { ChargeRequest, RedirectPayment } from './gateway.js';
import { configurationOf } from './stripe-method-configuration.js';
import { mustExist } from '../must-exist.js';

/**
 * A PaymentIntent for a method that redirects or needs the address (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit), confirmed at once with
 * Foyer's return URL. Afterpay / Clearpay: the payment method is made here from the server-checked
 * billing address (the cart's stored answers, never the browser's) and answers requires_action with
 * a redirect_to_url. Bacs Direct Debit: the payment method Stripe.js made from Stripe's own element
 * (the bank details never pass through Foyer), with the buyer's mandate acceptance; it answers
 * processing (days to clear, the webhook books it).
 */
export function createRedirectIntent(stripe: Stripe, request: ChargeRequest, redirect: RedirectPayment) {
  const { billing } = redirect;
  const address = { line1: billing.address.line1, line2: billing.address.line2, city: billing.address.city, postal_code: billing.address.postal_code, country: billing.address.country, state: billing.address.state };
  const mandate = { customer_acceptance: { type: 'online' as const, online: { ip_address: redirect.mandate.ip, user_agent: redirect.mandate.userAgent } } };
  if (redirect.type === 'bacs_debit') {
    return stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        payment_method: mustExist(redirect.bankPaymentMethodId, 'payment method of a Direct Debit'),
        payment_method_types: ['bacs_debit'],
        confirm: true,
        return_url: redirect.returnUrl,
        metadata: { payment_id: request.paymentId },
        mandate_data: mandate,
      } as Stripe.PaymentIntentCreateParams,
      { idempotencyKey: request.idempotencyKey },
    );
  }
  // The method's type comes from payment_method_data (the SDK no longer types payment_method_types).
  const paymentMethodData: Stripe.PaymentIntentCreateParams.PaymentMethodData = { type: redirect.type, billing_details: { name: billing.name, email: billing.email, address } };
  return stripe.paymentIntents.create(
    {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      payment_method_data: paymentMethodData,
      confirm: true,
      return_url: redirect.returnUrl,
      metadata: { payment_id: request.paymentId },
      ...configurationOf(request),
      // Afterpay needs where the goods go; tickets have none, so the buyer's own address.
      shipping: { name: billing.name, address },
    },
    { idempotencyKey: request.idempotencyKey },
  );
}
