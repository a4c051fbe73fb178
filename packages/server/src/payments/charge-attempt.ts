import { CARD_MAX_MINOR, CARD_MIN_MINOR, CARD_MIN_MINOR_GBP, fromMinor } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import { mustExist } from '../must-exist.js';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { PayInput } from '../checkout/pay-cart.js';
import { gatewayKeyOfRetry, RETRYABLE_PAYMENT_STATES } from '../checkout/pay-idempotency.js';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.js';
import { insertPayment, moveIdempotencyKey, setPaymentCardLast4 } from './payments.repository.js';
import { settlePayment, type PayOutcome } from './settle-payment.js';

/**
 * What a checkout pay and an instalment pay share once they know what is owed: the amount's limits,
 * the payment row that claims the attempt, and the charge with its settlement.
 */

export function refusePayment(status: number, code: 'payment_not_supported' | 'validation_failed', description: string, extra: unknown = null): never {
  throw new AppError(status, code, description, 'payment', extra);
}

/**
 * docs/payments.md#paying: more than 0 and at most what is outstanding; with a payment plan at least what is due now
 * (a gift card may pay any part); a card within the card limits, its method fee included.
 */
export function checkPayAmount(input: { amount: number; outstanding: number; due: number | null; gateway: PaymentGateway; currency: string; fee?: number }) {
  const { amount, outstanding, due, gateway } = input;
  if (amount <= 0 || amount > outstanding) refusePayment(400, 'validation_failed', `The amount must be more than 0 and at most ${fromMinor(outstanding)}.`, { outstanding: fromMinor(outstanding) });
  if (due !== null && gateway.id !== 'ledger' && amount < due) refusePayment(400, 'validation_failed', `The amount must be at least the payment due of ${fromMinor(due)}.`, { outstanding: fromMinor(outstanding), payment_due: fromMinor(due) });
  const min = input.currency === 'GBP' ? CARD_MIN_MINOR_GBP : CARD_MIN_MINOR;
  const charge = amount + (input.fee ?? 0);
  if (gateway.isCard && (charge < min || charge > CARD_MAX_MINOR)) refusePayment(400, 'payment_not_supported', 'Payment is not supported for this amount.', { min: fromMinor(min), max: fromMinor(CARD_MAX_MINOR) });
}

/**
 * The attempt's payment row, `processing` until the gateway answers; its id is the charge's. It takes
 * the request's Idempotency-Key: a retry first moves the earlier attempt's record to a derived key.
 */
export async function insertProcessingPayment(
  tx: Tx,
  attempt: { sellerId: string; cartId: string; orderId: string | null; gatewayId: string; charge: number; fee: number; idempotencyKey: string | null; retryOf: string | null; fingerprint: string | null; nowIso: string; ticketIds: string[] | null },
): Promise<string> {
  if (attempt.retryOf) await moveIdempotencyKey(tx, attempt.retryOf, gatewayKeyOfRetry(mustExist(attempt.idempotencyKey, 'idempotency key of a retry'), attempt.retryOf), RETRYABLE_PAYMENT_STATES);
  const id = uuidv7();
  await insertPayment(tx, {
    id,
    seller_id: attempt.sellerId,
    cart_id: attempt.cartId,
    ticket_order_id: attempt.orderId,
    gateway_id: attempt.gatewayId,
    amount: attempt.charge,
    method_fee: attempt.fee,
    idempotency_key: attempt.idempotencyKey,
    request_fingerprint: attempt.fingerprint,
    created_at: attempt.nowIso,
    ticket_ids: attempt.ticketIds ? JSON.stringify(attempt.ticketIds) : null,
    status: 'processing',
    reference: null,
    error_code: null,
  });
  return id;
}

/**
 * Charges through the gateway under the attempt's key (a retry's key is derived from it) and settles
 * what it answered. A gateway that throws did not charge; refusals come back as values so the failed
 * payment is kept. `beforeSettle` runs on a success before anything is booked.
 */
export async function chargeAndSettle(
  input: PayInput,
  gateway: PaymentGateway,
  attempt: { paymentId: string; amount: number; retryOf: string | null; confirmed: string | null },
  extra: Pick<ChargeRequest, 'saveForFutureUse' | 'offSession' | 'redirect' | 'paymentMethodConfiguration'> = {},
  beforeSettle?: (result: ChargeResult) => Promise<void>,
): Promise<PayOutcome> {
  let result: ChargeResult;
  try {
    result = await gateway.charge({
      paymentId: attempt.paymentId,
      amount: attempt.amount,
      currency: input.currency,
      data: input.body.gateway_data,
      idempotencyKey: input.idempotencyKey ? (attempt.retryOf ? gatewayKeyOfRetry(input.idempotencyKey, attempt.paymentId) : input.idempotencyKey) : attempt.paymentId,
      confirmedIntent: attempt.confirmed ? { reference: attempt.confirmed } : null,
      ...extra,
    });
  } catch {
    result = { status: 'failed', code: 'payment_failed', message: 'The payment could not be processed.' };
  }
  if (result.status === 'succeeded' && result.card) await setPaymentCardLast4(input.db, attempt.paymentId, result.card.last4);
  if (beforeSettle) await beforeSettle(result);
  const outcome = await settlePayment({ db: input.db, dialect: input.dialect, now: input.now, publicUrl: input.publicUrl, gateways: input.gateways }, attempt.paymentId, result);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
