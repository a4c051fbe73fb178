// One place that builds Stripe's wallet payment request (used to detect a wallet and to pay with it).
import { en } from '../../i18n/en.js';
import type { StripeJs, StripePaymentRequest } from './stripe-js.js';

/** One payment request for the wallets (Apple Pay / Google Pay through Stripe). */
export function walletRequest(stripe: StripeJs, currency: string, outstanding: number): StripePaymentRequest {
  return stripe.paymentRequest({ country: 'US', currency: currency.toLowerCase(), total: { label: en.checkout.totalToPay, amount: outstanding } });
}
