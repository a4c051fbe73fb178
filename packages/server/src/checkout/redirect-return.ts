import type { Db, Dialect } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertOwner } from '../cart/cart-access.js';
import { cartById } from '../cart/public.js';
import type { Gateways } from '../payments/gateway.js';
import { paymentOfCartByReference } from '../payments/public.js';
import { settlePayment, type PayOutcome } from '../payments/settle-payment.js';

/** `pi_…_secret_…`: the intent a client secret belongs to. */
const SECRET = /^(pi_[A-Za-z0-9_]{1,200}?)_secret_[A-Za-z0-9]{1,100}$/;

const notFound = () => new AppError(404, 'not_found', 'This payment could not be found.', 'payment');

export interface RedirectReturnInput {
  db: Db;
  dialect: Dialect;
  sellerId: string;
  identity: Identity | null;
  cartId: string;
  clientSecret: string;
  gateways: Gateways;
  now: Date;
  publicUrl: string;
}

/**
 * POST cart/{id}/payment_return (docs/checkout.md#screens Checkout): the buyer is back from a payment redirect with
 * `payment_intent_client_secret`. The payment must be this cart's (and the caller's), and the
 * gateway — not the browser — says what became of it: the answer is settled like the pay call's
 * (completed, pending, or the refusal). Settling is conditional on the payment still being open,
 * so a reload, a second tab or the webhook arriving first never books twice: a settled payment
 * answers what it came to.
 */
export async function returnFromRedirect(input: RedirectReturnInput): Promise<PayOutcome> {
  const cart = await cartById(input.db, input.cartId);
  assertOwner(cart, input.identity, input.sellerId);
  const intentId = SECRET.exec(input.clientSecret)?.[1];
  const gateway = input.gateways.stripe;
  if (!intentId || !gateway?.returned) throw notFound();
  const payment = await paymentOfCartByReference(input.db, cart.id, intentId, gateway.id);
  if (!payment) throw notFound();
  const result = await gateway.returned({ reference: intentId, clientSecret: input.clientSecret }).catch(() => ({ status: 'unknown' }) as const);
  if (!result) throw notFound();
  // Still waiting on the buyer (they left the provider's page without finishing): nothing to settle.
  if (result.status === 'requires_action' && payment.status === 'requires_action') {
    throw new AppError(402, 'payment_failed', 'The payment was not completed. Please try again.', 'payment', { payment_id: payment.id });
  }
  const outcome = await settlePayment({ db: input.db, dialect: input.dialect, now: input.now, publicUrl: input.publicUrl, gateways: input.gateways }, payment.id, result);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
