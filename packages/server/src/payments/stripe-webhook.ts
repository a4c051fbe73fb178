import type Stripe from 'stripe';
import { AppError } from '../http/app-error.js';
import type { Gateways } from './gateway.js';
import { settlePayment, type SettleDeps } from './settle-payment.js';
import { intentResult } from './stripe-gateway.js';
import { stripePaymentOfIntent } from './payments.repository.js';

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.requires_action', 'payment_intent.canceled']);

/**
 * The source of truth for Stripe payments (docs/payments.md#paying): whatever the pay call saw, the intent's
 * events settle the payment — a success the browser never reported (tab closed after 3-D
 * Secure, a debit that cleared days later) still books the order, exactly once.
 */
export async function handleStripeEvent(deps: Omit<SettleDeps, 'gateways'> & { gatewaysFor: (sellerId: string) => Gateways }, stripe: Stripe, payload: Buffer, signature: string | undefined, secret: string) {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch {
    throw new AppError(400, 'validation_failed', 'The webhook signature could not be verified.', 'webhook');
  }
  if (!HANDLED.has(event.type)) return { received: true, handled: false };
  const intent = event.data.object as Stripe.PaymentIntent;
  const payment = await stripePaymentOfIntent(deps.db, intent.metadata.payment_id, intent.id);
  // Not ours (another application on the same Stripe account): acknowledged, nothing to do.
  if (!payment) return { received: true, handled: false };
  await settlePayment({ ...deps, gateways: deps.gatewaysFor(payment.seller_id) }, payment.id, intentResult(intent));
  return { received: true, handled: true };
}
