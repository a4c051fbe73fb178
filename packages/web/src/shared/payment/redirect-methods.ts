// Stripe methods that redirect or need the address (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit): which are on, their pay body, the provider's page.
import { PAYMENT_CONFIG } from '@foyer/contracts/constants';
import { ADDRESS_METHODS } from '@foyer/contracts/rules';
import type { TConfigEntry, TPayBody } from '@foyer/contracts';
import { asStringList, configValue } from '../../config/config.js';

export type RedirectMethod = 'afterpay_clearpay' | 'bacs_debit';
export const isRedirectMethod = (method: string): method is RedirectMethod => ADDRESS_METHODS.includes(method);

/** The seller's payments.stripe_payment_methods, among the methods Foyer knows (the server checks again). */
export function enabledRedirectMethods(entries: readonly TConfigEntry[]): RedirectMethod[] {
  const configured = asStringList(configValue(PAYMENT_CONFIG.stripePaymentMethods, entries));
  return configured.filter(isRedirectMethod);
}

/**
 * The pay body: the server makes the provider's payment from the purchaser's checked address. Bacs:
 * the payment method Stripe.js made from Stripe's bank form (the bank details never come here) and
 * the buyer's agreement to the Direct Debit mandate.
 */
export function redirectPayBody(method: RedirectMethod, amount: string, bacs: { paymentMethodId: string } | null): TPayBody {
  const bankData = method === 'bacs_debit' && bacs ? { payment_method_id: bacs.paymentMethodId, mandate_accepted: true } : {};
  return { amount, gateway_id: 'stripe', gateway_data: { payment_method_type: method, ...bankData } };
}

/** Off to the provider's page (Afterpay): it sends the buyer back to /checkout with the intent's client secret. */
export function goToProvider(url: string): boolean {
  if (!/^https?:\/\//.test(url)) return false;
  window.location.assign(url);
  return true;
}
