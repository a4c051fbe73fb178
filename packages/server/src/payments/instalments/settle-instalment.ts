import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { PaymentTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { orderById } from '../../orders/public.js';
import type { ChargeResult } from '../gateway.js';
import { linkInstalmentToOrder, paymentById, planOfOrders, updateOpenPayment } from '../payments.repository.js';
import { instalmentStatuses } from '../payment-plan.js';
import type { PayOutcome, SettleDeps } from '../settle-payment.js';
import { addPaidToOrder, releaseInstalmentClaim } from './instalments.repository.js';
import { instalmentReceiptMail } from './instalment-mails.js';
import { settleUnsuccessful } from '../settle-unsuccessful.js';
import { mustExist } from '../../must-exist.js';

/** A payment made for an order already booked (pay-instalment.ts inserts it with its order; checkout's get theirs at booking). */
export const isInstalmentPayment = (payment: Pick<Selectable<PaymentTable>, 'ticket_order_id' | 'ticket_ids'>) => payment.ticket_order_id !== null && payment.ticket_ids === null;

/**
 * Records a gateway's answer for a later instalment, inside settlePayment's transaction (so the
 * pay call, the webhook and the reconciler agree; only the first answer counts). A success adds
 * the amount to the order and its cart, re-marks the plan's instalments, frees the order's claim
 * and queues the receipt; a failure frees the claim and writes no money.
 */
export async function settleInstalment(tx: Tx, deps: SettleDeps, payment: Selectable<PaymentTable>, result: ChargeResult): Promise<PayOutcome | AppError> {
  const orderId = mustExist(payment.ticket_order_id, `order of instalment payment ${payment.id}`);
  const paymentId = payment.id;
  if (result.status !== 'succeeded') return settleUnsuccessful(tx, paymentId, result, { release: () => releaseInstalmentClaim(tx, orderId), settled: () => settledAlready(tx, paymentId, orderId) });
  const order = mustExist(await orderById(tx, orderId), `order ${orderId}`);
  // The claim keeps other payments off the order, so this only guards against a late answer for
  // money the order no longer owes: it is refunded (the reconciler retries refund_pending).
  // The charge is the part paid plus its method fee (docs/payments.md "Payment-method fees"): only the part counts against the balance.
  const part = payment.amount - payment.method_fee;
  if (part > order.total - order.paid) {
    if (await updateOpenPayment(tx, paymentId, { status: 'refund_pending', reference: result.reference, error_code: 'overpaid' })) await releaseInstalmentClaim(tx, orderId);
    return new AppError(409, 'validation_failed', 'This order is already paid. Your payment will be refunded.', 'payment', { payment_id: paymentId });
  }
  if (!(await updateOpenPayment(tx, paymentId, { status: 'succeeded', reference: result.reference }))) return settledAlready(tx, paymentId, orderId);
  if (!(await addPaidToOrder(tx, order, part, payment.method_fee))) throw new Error(`settleInstalment: order ${orderId} changed under its claim`);
  const paid = order.paid + part;
  for (const p of instalmentStatuses(await planOfOrders(tx, [orderId]), paid, deps.now)) await linkInstalmentToOrder(tx, p.id, orderId, p.status);
  await releaseInstalmentClaim(tx, orderId);
  const mail = await instalmentReceiptMail(tx, orderId, payment.amount, deps.publicUrl, deps.now);
  if (mail) await enqueueMail(tx, mail, deps.now, 'order_update');
  return { outcome: 'completed', orderId };
}

/** An instalment payment an earlier answer already settled: what it came to. */
async function settledAlready(tx: Tx, paymentId: string, orderId: string): Promise<PayOutcome | AppError> {
  const payment = mustExist(await paymentById(tx, paymentId), `payment ${paymentId}`);
  if (payment.status === 'succeeded') return { outcome: 'completed', orderId };
  if (payment.status === 'processing') return { outcome: 'pending' };
  return new AppError(402, 'payment_failed', 'Please edit your payment details and try again.', 'payment', { payment_id: paymentId });
}
