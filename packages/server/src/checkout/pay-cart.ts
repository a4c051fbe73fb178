import { assertMembershipBuyer } from '../membership/assert-membership-buyer.js';
import { enrolCartInAutoRenew } from '../membership/auto-renew/enrol-cart.js';
import { saveCard } from '../membership/public.js';
import { assertCheckoutUnblocked } from '../promotions/assert-checkout-unblocked.js';
import { repriceBeforePay } from '../promotions/reprice-before-pay.js';
import { fromMinor, toMinor, type TPayBody } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Db, Dialect, Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertOwner } from '../cart/cart-access.js';
import { cartById, claimCartForCheckout, heldTicketsOfCart } from '../cart/public.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { cartAmounts } from '../payments/cart-amounts.js';
import type { Gateways, PaymentGateway } from '../payments/gateway.js';
import { checkPayAmount, chargeAndSettle, insertProcessingPayment, refusePayment } from '../payments/charge-attempt.js';
import { movePaymentStatus, paymentByIdempotencyKey, paymentOfCartByReference, planOfCart } from '../payments/public.js';
import { payInstalment } from '../payments/instalments/pay-instalment.js';
import { LATE_REFUSAL, type PayOutcome } from '../payments/settle-payment.js';
import { redirectPaymentOf } from '../payments/redirect-methods.js';
import { chargedMethod, priceMethod } from '../payments/method-fees.js';
import { instalmentConsentHolder, recordCheckoutConsent } from '../payments/instalments/checkout-consent.js';
import { sellerMethodFees } from '../payments/seller-method-fees.js';
import type { CaptchaVerifier } from './captcha.js';
import { passCaptcha } from './captcha-window.js';
import { acceptTerms } from './accept-terms.js';
import { recheckReservation } from './recheck-reservation.js';
import { assertExchange } from '../orders/self-edit/assert-exchange.js';
import { earlierAttempt, idempotencyKeyReused, payFingerprint } from './pay-idempotency.js';
import { mustExist } from '../must-exist.js';

export type { PayOutcome };

export interface PayInput {
  db: Db;
  dialect: Dialect;
  sellerId: string;
  currency: string;
  identity: Identity | null;
  cartId: string;
  body: TPayBody;
  idempotencyKey: string | null;
  gateways: Gateways;
  now: Date;
  /** Base of the links in the confirmation e-mail. */
  publicUrl: string;
  /** The invisible captcha (docs/payments.md#captcha-and-terms), when configured, and the buyer's address it is checked with. */
  captcha?: CaptchaVerifier | null;
  ip?: string;
  /** The buyer's browser (a Direct Debit mandate records it). */
  userAgent?: string;
  /** The renewal job only: charge the member's kept card (never set from a request). */
  offSession?: { reference: string } | null;
  /** A manage link's key (?key=): lets its holder pay what a booked order still owes. */
  orderKey?: string | null;
}

/**
 * The same pay request again (same Idempotency-Key) after it booked the cart — a checkout or a
 * self-edit change cart — answers what it did; a different request under the key is refused.
 */
async function replayOfBookingPay(db: PayInput['db'], input: PayInput): Promise<PayOutcome | null> {
  if (!input.idempotencyKey) return null;
  const earlier = await paymentByIdempotencyKey(db, input.idempotencyKey);
  if (!earlier || earlier.cart_id !== input.cartId || earlier.status !== 'succeeded' || !earlier.ticket_order_id) return null;
  if (earlier.request_fingerprint !== null && earlier.request_fingerprint !== payFingerprint(input.cartId, input.body, toMinor(input.body.amount))) throw idempotencyKeyReused();
  return { outcome: 'completed', orderId: earlier.ticket_order_id };
}

/**
 * POST cart/{id}/pay (docs/checkout.md#data, docs/checkout.md#flow). The cart is claimed (pending → checkout) before any money
 * moves, so a double click or two concurrent pays charge once: the second is told the payment is
 * in progress. The hold cannot expire while claimed (the sweeper takes only pending carts). The
 * outcome — order, partial payment, refusal — commits in one transaction with its payment row.
 */
export async function payCart(input: PayInput): Promise<PayOutcome> {
  const { db, now } = input;
  const nowIso = now.toISOString();
  // A booked cart: its order's later instalments (payments/instalments/).
  const booked = await cartById(db, input.cartId);
  if (booked?.state === 'booked' && booked.ticket_order_id) {
    // A self-edit change cart is done once booked (an order being changed has no instalments left): it answers its order, to its owner only.
    if (booked.edits_order_id) {
      assertOwner(booked, input.identity, input.sellerId);
      return { outcome: 'completed', orderId: booked.ticket_order_id };
    }
    // The cart's owner replaying the pay that booked it; anyone else goes through the order's own access.
    const ownCart = booked.seller_id === input.sellerId && !!input.identity && booked.identity_id === input.identity.id;
    return (ownCart ? await replayOfBookingPay(db, input) : null) ?? payInstalment(input, booked.ticket_order_id);
  }
  const intentId = typeof input.body.gateway_data.payment_intent_id === 'string' ? input.body.gateway_data.payment_intent_id : null;
  // docs/payments.md#captcha-and-terms: the invisible captcha is for non-members; checked before anything is claimed or charged (captcha-window.ts).
  if (input.captcha && input.identity?.kind !== 'user') {
    const earlier = input.idempotencyKey ? await paymentByIdempotencyKey(db, input.idempotencyKey) : undefined;
    const continuing = earlier?.cart_id === input.cartId || (intentId !== null && !!(await paymentOfCartByReference(db, input.cartId, intentId, input.body.gateway_id)));
    await passCaptcha(db, { captcha: input.captcha, member: false, cartId: input.cartId, token: input.body.captcha, ip: input.ip ?? '', now, continuing });
  }
  const gateway = input.gateways[input.body.gateway_id];
  if (!gateway) refusePayment(400, 'payment_not_supported', 'This payment method is not available.', { gateway_id: input.body.gateway_id });
  const amount = toMinor(input.body.amount);

  // A key names one attempt (its request): the same request replays a success, retries a failure;
  // a different request under the key is refused.
  const fingerprint = input.idempotencyKey ? payFingerprint(input.cartId, input.body, amount) : null;
  const earlier = input.idempotencyKey ? await earlierAttempt(db, input.idempotencyKey, input.cartId, mustExist(fingerprint, 'fingerprint of a keyed payment')) : null;
  if (earlier?.status === 'succeeded') {
    return earlier.ticket_order_id ? { outcome: 'completed', orderId: earlier.ticket_order_id } : { outcome: 'partial' };
  }
  // Not succeeded: a retryable attempt (earlierAttempt refuses one in progress).
  const retryOf = earlier?.id ?? null;

  // A new charge is for the price at pay time (an offer may have ended while the cart was held).
  if (!intentId) await repriceBeforePay(db, input.dialect, { cartId: input.cartId, identity: input.identity, sellerId: input.sellerId, now });
  const claim = await inWriteTransaction(db, input.dialect, async (tx) => {
    const cart = await cartById(tx, input.cartId);
    assertOwner(cart, input.identity, input.sellerId);
    if (cart.state === 'booked') return { done: { outcome: 'completed', orderId: mustExist(cart.ticket_order_id, `order of booked cart ${cart.id}`) } as PayOutcome };
    if (cart.state === 'checkout') throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'payment');
    if (intentId) return retryIntent(tx, cart, intentId, amount, gateway, nowIso);
    if (cart.state !== 'pending' || (cart.expires_at !== null && cart.expires_at <= nowIso)) {
      throw new AppError(410, 'cart_expired', 'Your cart has timed out and the tickets have been released. Your card has not been charged.', 'payment', { cart_id: cart.id });
    }
    // The cart, its held tickets and its plan are read once; the amounts are computed from them.
    const held = await heldTicketsOfCart(tx, cart.id);
    const plan = cart.injected ? await planOfCart(tx, cart.id) : [];
    const { outstanding, due } = cartAmounts(cart, held, plan, now);
    // The method's fee on the part paid, charged on top of it (docs/payments.md "Payment-method fees").
    const { fee, pmcId } = priceMethod(await sellerMethodFees(tx, cart.seller_id), chargedMethod(gateway, input.body.gateway_data), amount);
    if (gateway.id === 'free') {
      // A change cart (self-edit) that costs less than what it replaces is free too; the difference is refunded.
      if ((cart.edits_order_id ? outstanding > 0 : outstanding !== 0) || amount !== 0) refusePayment(400, 'payment_not_supported', 'There is an amount to pay: choose a payment method.', { outstanding: fromMinor(outstanding) });
    } else {
      // Without a plan any part may be paid (partial payments).
      checkPayAmount({ amount, outstanding, due: plan.length ? due : null, gateway, currency: input.currency, fee });
    }
    // docs/payments.md#captcha-and-terms terms: accepted by this call when the seller has any, and recorded (accept-terms.ts); a change of a booked order was accepted with it.
    // Answers, names and e-mails the reservation needed, again: they may have changed since (recheck-reservation.ts).
    await recheckReservation(tx, input.sellerId, cart, held);
    if (!cart.edits_order_id && !input.offSession) await acceptTerms(tx, cart, input.body.terms_accepted, nowIso);
    // A change confirmed: still an exchange for every paid ticket it takes out (orders/self-edit/assert-exchange.ts).
    if (cart.edits_order_id) await assertExchange(tx, cart.id, false);
    await assertMembershipBuyer(tx, cart);
    const renewal = input.body.auto_renew ? await enrolCartInAutoRenew(tx, cart) : null;
    // A payment plan's deposit: `auto_renew` is the consent that the kept card pays the later instalments (checkout-consent.ts).
    const instalmentsFor = renewal || input.offSession ? null : await instalmentConsentHolder(tx, { cartId: cart.id, consent: input.body.auto_renew, gateway, hasPlan: plan.length > 0, leftAfter: outstanding - amount });
    const saveFor = renewal ?? instalmentsFor;
    assertCheckoutUnblocked(cart);
    // bacs_debit / afterpay_clearpay: enabled for the seller, with the purchaser's address checked here.
    const redirect = await redirectPaymentOf(tx, cart, input.body, gateway, { publicUrl: input.publicUrl, member: input.identity?.kind === 'user', ip: input.ip ?? '', userAgent: input.userAgent ?? '' });
    await claimCart(tx, cart.id, nowIso);
    // The earlier attempt keeps its record under a derived key; this attempt takes the key.
    const paymentId = await insertProcessingPayment(tx, { sellerId: cart.seller_id, cartId: cart.id, orderId: null, gatewayId: gateway.id, charge: amount + fee, fee, idempotencyKey: input.idempotencyKey, retryOf, fingerprint, nowIso, ticketIds: held.map((t) => t.id) });
    return { paymentId, confirmed: null, saveFor, redirect, charge: amount + fee, pmcId, consent: instalmentsFor !== null };
  }).catch((error: unknown) => {
    // Another cart's attempt took the key between our check and insert.
    throw isUniqueViolation(error) ? idempotencyKeyReused() : error;
  });
  if ('done' in claim) return mustExist(claim.done, 'outcome of a finished payment');

  return chargeAndSettle(
    input,
    gateway,
    { paymentId: claim.paymentId, amount: claim.charge, retryOf, confirmed: claim.confirmed },
    {
      saveForFutureUse: 'saveFor' in claim ? claim.saveFor : null,
      offSession: input.offSession ?? null,
      redirect: 'redirect' in claim ? claim.redirect : null,
      paymentMethodConfiguration: 'pmcId' in claim ? claim.pmcId : null,
    },
    // The card kept for auto-renew (or the later instalments): before settling, so a renewal never
    // lacks the card it was promised and the order booked from this payment carries the consent.
    async (result) => {
      if (result.status !== 'succeeded' || !result.saved) return;
      await saveCard(db, { cartId: input.cartId, gatewayId: gateway.id, card: result.saved, now });
      if ('consent' in claim && claim.consent) await recordCheckoutConsent(db, input.cartId, nowIso);
    },
  );
}

/** pending → checkout: the one claim that lets a single pay call move money for the cart. */
async function claimCart(tx: Tx, cartId: string, nowIso: string) {
  if (!(await claimCartForCheckout(tx, cartId, nowIso))) throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'payment');
}

/**
 * The pay call again after the buyer confirmed with their bank (402 intent_requires_action). The
 * money may already be taken, so an expired hold does not stop it here: settling re-checks the
 * capacity and refunds when the tickets are gone.
 */
async function retryIntent(tx: Tx, cart: Selectable<CartTable>, intentId: string, amount: number, gateway: PaymentGateway, nowIso: string) {
  const intent = await paymentOfCartByReference(tx, cart.id, intentId, gateway.id);
  const ready = gateway.confirmsLocally ? ['confirmed'] : ['requires_action', 'confirmed'];
  // The body's amount is the part paid; the intent charged it with its method fee.
  const paysAmount = intent !== undefined && intent.amount - intent.method_fee === amount;
  if (intent?.status === 'succeeded' && paysAmount) {
    return { done: (cart.state === 'booked' ? { outcome: 'completed', orderId: mustExist(cart.ticket_order_id, `order of booked cart ${cart.id}`) } : { outcome: 'partial' }) as PayOutcome };
  }
  if (intent?.status.startsWith('refund')) throw new AppError(410, 'cart_expired', LATE_REFUSAL, 'payment', { payment_id: intent.id });
  if (!intent || !ready.includes(intent.status) || !paysAmount) refusePayment(400, 'validation_failed', 'Please edit your payment details and try again.');
  if (cart.state === 'pending') await claimCart(tx, cart.id, nowIso);
  await movePaymentStatus(tx, intent.id, intent.status, 'processing');
  return { paymentId: intent.id, confirmed: intent.reference, charge: intent.amount };
}
