/** Gateways, card amount limits and payment configuration keys (docs/checkout.md#limits): plain values, no schemas. */

export const GATEWAYS = ['free', 'demo', 'ledger', 'stripe'] as const;
export type TGatewayId = (typeof GATEWAYS)[number];

/** Card amount limits (docs/checkout.md#limits): minor units. */
export const CARD_MIN_MINOR_GBP = 30;
export const CARD_MIN_MINOR = 50;
export const CARD_MAX_MINOR = 99_999_999;

/**
 * Configuration entries the server adds from its settings (GET config): which card gateway takes
 * payments ('stripe' or 'demo') and, for Stripe, the publishable key Stripe.js needs.
 */
export const PAYMENT_CONFIG = {
  cardGateway: { namespace: 'payments', name: 'card_gateway' },
  stripePublishableKey: { namespace: 'payments', name: 'stripe_publishable_key' },
  /**
   * The seller's extra Stripe methods (a stored entry, e.g. `["bacs_debit", "afterpay_clearpay"]`):
   * offered only when Stripe takes the cards (docs/payments.md "Redirect methods").
   */
  stripePaymentMethods: { namespace: 'payments', name: 'stripe_payment_methods' },
  /**
   * Per-payment-method fees (a stored entry, e.g. `[{ "pmc_id": "pmc_1", "payment_method": "card",
   * "fixed": 20, "percent": 1.5 }]`, fixed in minor units): docs/payments.md "Payment-method fees".
   */
  paymentMethodFees: { namespace: 'payments', name: 'payment_method_fees' },
} as const;

/**
 * The built-in test gateway's cards (docs/payments.md#paying), the same numbers as Stripe's test mode:
 * documented in docs/payments.md.
 */
export const DEMO_CARDS = {
  success: '4242424242424242',
  card_declined: '4000000000000002',
  incorrect_cvc: '4000000000000127',
  incorrect_zip: '4000000000000036',
  requires_action: '4000002500003155',
} as const;
