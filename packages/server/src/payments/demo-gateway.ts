import { DEMO_CARDS } from '@foyer/contracts';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.js';
import { gatewayDataText } from './gateway-data-text.js';

/**
 * The built-in test-card gateway (docs/payments.md#paying): the default when Stripe is not configured, clearly
 * test mode. Stripe's test numbers decide the outcome (docs/payments.md); no money moves.
 */
export const demoGateway: PaymentGateway = {
  id: 'demo',
  isCard: true,
  confirmsLocally: true,
  // Test mode: no money moved, so there is nothing to give back.
  async refund() {},
  charge(request: ChargeRequest): Promise<ChargeResult> {
    return Promise.resolve(demoCharge(request));
  },
};

function demoCharge(request: ChargeRequest): ChargeResult {
  if (request.confirmedIntent) return { status: 'succeeded', reference: request.confirmedIntent.reference };
  // Off-session (auto-renew): the kept test card decides the outcome, as it would have in person.
  const card = (request.offSession?.reference ?? gatewayDataText(request.data.card_number)).replace(/[\s-]/g, '');
  const reference = `demo_pi_${request.paymentId}`;
  switch (card) {
    case DEMO_CARDS.success:
      // Test mode keeps the test number itself as the reusable reference (a real gateway keeps a token).
      return { status: 'succeeded', reference, card: { brand: cardBrand(card), last4: card.slice(-4) }, ...(request.saveForFutureUse ? { saved: { reference: card, brand: cardBrand(card), last4: card.slice(-4) } } : {}) };
    case DEMO_CARDS.requires_action:
      return { status: 'requires_action', reference, clientSecret: `${reference}_secret` };
    case DEMO_CARDS.card_declined:
      return { status: 'failed', code: 'card_declined', message: 'Your card was declined.' };
    case DEMO_CARDS.incorrect_cvc:
      return { status: 'failed', code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
    case DEMO_CARDS.incorrect_zip:
      return { status: 'failed', code: 'incorrect_zip', message: "Your card's postal code is incorrect." };
    default:
      return { status: 'failed', code: 'card_declined', message: 'Test mode: use one of the test card numbers.' };
  }
}

/** The brand of a card number by its first digits (display only). */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** Nothing to pay: the order is free (docs/payments.md#paying: gateway id "free"). */
export const freeGateway: PaymentGateway = {
  id: 'free',
  isCard: false,
  async refund() {},
  charge(request) {
    return Promise.resolve({ status: 'succeeded', reference: `free_${request.paymentId}` });
  },
};
