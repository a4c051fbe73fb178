import { toMinor } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/app-error.js';
import { orderById } from '../../orders/public.js';
import { readOwnOrder } from '../../orders/read-order.js';
import { earlierAttempt, idempotencyKeyReused, payFingerprint, RETRYABLE_PAYMENT_STATES } from '../../checkout/pay-idempotency.js';
import type { PayInput } from '../../checkout/pay-cart.js';
import type { ChargeResult, PaymentGateway } from '../gateway.js';
import { dueNow } from '../payment-plan.js';
import { movePaymentStatus, paymentOfCartByReference, planOfOrders } from '../payments.repository.js';
import type { PayOutcome } from '../settle-payment.js';
import { chargeAndSettle, checkPayAmount, insertProcessingPayment, refusePayment } from '../charge-attempt.js';
import { claimOrderForInstalment, recordAutopayConsent } from './instalments.repository.js';
import { saveCard } from '../../membership/public.js';
import { chargedMethod, priceMethod } from '../method-fees.js';
import { sellerMethodFees } from '../seller-method-fees.js';
import { cardHolder } from './card-holder.js';
import { mustExist } from '../../must-exist.js';
import { gatewayDataText } from '../gateway-data-text.js';

const IN_PROGRESS = 'A payment for this order is in progress. Please wait a moment.';

/**
 * POST cart/{id}/pay for a cart already booked (an order on a payment plan, docs/after-sale.md#how-a-change-works-server manage-order
 * payments): pays what is still due on the order. Only the order's manage key or its buyer's
 * login may. The order is claimed (instalment_claimed_at) before money moves, so two concurrent
 * pays charge once; the amount is checked against what the order still owes under that claim, so
 * nothing is over-paid. The payment row carries the order from the start (that is what marks it
 * as an instalment for settlePayment, the webhook and the reconciler); settling counts it on the
 * order, which keeps its number and tickets. A refused or failed charge writes no money.
 * `auto_renew: true` with a card is the buyer's consent that the card, kept by the gateway once this
 * charge succeeds, pays the later instalments on their due dates (charge-due-instalments.ts).
 */
export async function payInstalment(input: PayInput, orderId: string): Promise<PayOutcome> {
  const { db, now, body } = input;
  const nowIso = now.toISOString();
  const order = await readOwnOrder(db, { sellerId: input.sellerId, identity: input.identity, orderId, key: input.orderKey ?? null, ip: input.ip, now });
  // Later instalments are paid by card or wallet: a redirect or debit method (docs/payments.md#partial-payments-and-payment-links) would keep the
  // order claimed until the buyer came back or the debit cleared (days), and the page has no address form.
  if (body.gateway_data.payment_method_type !== undefined) refusePayment(400, 'payment_not_supported', 'This payment method is not available.', { payment_method_type: gatewayDataText(body.gateway_data.payment_method_type).slice(0, 50) });
  const amount = toMinor(body.amount);

  const fingerprint = input.idempotencyKey ? payFingerprint(input.cartId, body, amount) : null;
  const earlier = input.idempotencyKey ? await earlierAttempt(db, input.idempotencyKey, input.cartId, mustExist(fingerprint, 'fingerprint of a keyed payment')) : null;
  if (earlier?.status === 'succeeded') return { outcome: 'completed', orderId: order.id };
  const retryOf = earlier && RETRYABLE_PAYMENT_STATES.includes(earlier.status) ? earlier.id : null;

  const intentId = typeof body.gateway_data.payment_intent_id === 'string' ? body.gateway_data.payment_intent_id : null;
  const gateway = input.gateways[body.gateway_id];
  const claim = await inWriteTransaction(db, input.dialect, async (tx) => {
    const fresh = mustExist(await orderById(tx, order.id), `order ${order.id}`);
    // Paid in full: the order is complete, as a pay call for a booked cart always answered.
    if (fresh.total - fresh.paid <= 0 && !intentId) return { done: { outcome: 'completed', orderId: order.id } as PayOutcome };
    if (!gateway || gateway.id === 'free') refusePayment(400, 'payment_not_supported', 'This payment method is not available.', { gateway_id: body.gateway_id });
    if (fresh.instalment_claimed_at) throw new AppError(409, 'intent_processing', IN_PROGRESS, 'payment');
    if (intentId) return retryIntent(tx, input.cartId, order.id, intentId, amount, gateway, nowIso);
    const outstanding = fresh.total - fresh.paid;
    // The method's fee on the part paid, on top of it, as at checkout (docs/payments.md "Payment-method fees").
    const { fee, pmcId } = priceMethod(await sellerMethodFees(tx, fresh.seller_id), chargedMethod(gateway, body.gateway_data), amount);
    // As at checkout (docs/payments.md#gift-cards): at least what is due now; a gift card may pay any part.
    checkPayAmount({ amount, outstanding, due: dueNow(await planOfOrders(tx, [order.id]), fresh.paid, outstanding, now), gateway, currency: input.currency, fee });
    if (!(await claimOrderForInstalment(tx, order.id, nowIso, fresh.paid))) throw new AppError(409, 'intent_processing', IN_PROGRESS, 'payment');
    const paymentId = await insertProcessingPayment(tx, { sellerId: fresh.seller_id, cartId: input.cartId, orderId: order.id, gatewayId: gateway.id, charge: amount + fee, fee, idempotencyKey: input.idempotencyKey, retryOf, fingerprint, nowIso, ticketIds: null });
    return { paymentId, confirmed: null as string | null, charge: amount + fee, pmcId };
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? idempotencyKeyReused() : error;
  });
  if ('done' in claim && claim.done) return claim.done;
  // The claim refused a missing gateway.
  const payWith = mustExist(gateway, `gateway ${body.gateway_id}`);

  const keepFor = body.auto_renew === true && !intentId && CARD_GATEWAYS.includes(payWith.id) ? await cardHolder(db, order.cart_id) : null;
  const keepCard = async (result: ChargeResult) => {
    if (result.status !== 'succeeded' || !result.saved) return;
    await saveCard(db, { cartId: input.cartId, gatewayId: payWith.id, card: result.saved, now });
    await recordAutopayConsent(db, order.id, nowIso);
  };
  return chargeAndSettle(
    input,
    payWith,
    { paymentId: claim.paymentId, amount: claim.charge, retryOf, confirmed: claim.confirmed },
    { saveForFutureUse: keepFor, offSession: input.offSession ?? null, paymentMethodConfiguration: claim.pmcId },
    keepCard,
  );
}

const CARD_GATEWAYS = ['demo', 'stripe'];

/** The pay call again after the buyer confirmed with their bank (402 intent_requires_action). */
async function retryIntent(tx: Tx, cartId: string, orderId: string, intentId: string, amount: number, gateway: PaymentGateway, nowIso: string) {
  const intent = await paymentOfCartByReference(tx, cartId, intentId, gateway.id);
  // The body's amount is the part paid; the intent charged it with its method fee.
  const paysAmount = intent !== undefined && intent.ticket_order_id === orderId && intent.amount - intent.method_fee === amount;
  if (paysAmount && intent.status === 'succeeded') return { done: { outcome: 'completed', orderId } as PayOutcome };
  const ready = gateway.confirmsLocally ? ['confirmed'] : ['requires_action', 'confirmed'];
  if (!intent || !paysAmount || !ready.includes(intent.status)) refusePayment(400, 'validation_failed', 'Please edit your payment details and try again.');
  if (!(await claimOrderForInstalment(tx, orderId, nowIso))) throw new AppError(409, 'intent_processing', IN_PROGRESS, 'payment');
  await movePaymentStatus(tx, intent.id, intent.status, 'processing');
  return { paymentId: intent.id, confirmed: intent.reference, charge: intent.amount, pmcId: null };
}
