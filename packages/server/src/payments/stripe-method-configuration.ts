import type { ChargeRequest } from './gateway.js';

/**
 * The intent's `payment_method_configuration`: the seller's Stripe payment method configuration for
 * the method charged, when its fee entry names one (docs/payments.md "Payment-method fees"). Not for
 * Bacs, whose intent names its `payment_method_types` (Stripe takes one or the other).
 */
export function configurationOf(request: Pick<ChargeRequest, 'paymentMethodConfiguration'>): { payment_method_configuration?: string } {
  return request.paymentMethodConfiguration ? { payment_method_configuration: request.paymentMethodConfiguration } : {};
}
