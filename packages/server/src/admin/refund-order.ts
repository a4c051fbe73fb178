import { ADMIN_TEXT, fromMinor, type TAdminRefund } from '@foyer/contracts';
import { inWriteTransaction } from '../db/write-batch.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { uuidv7 } from '../ids.js';
import { ticketLinesOfOrder } from '../orders/public.js';
import { refundToPayments, STAFF_REFUND } from '../orders/self-edit/refund-difference.js';
import type { Gateways } from '../payments/gateway.js';
import { refundPayment } from '../payments/refund-payment.js';
import type { Actor } from './audit.js';
import { orderWithBuyer, paymentsOfOrder } from './admin-orders.repository.js';
import { failRefund, finishRefunded, finishSentRefunds, type RefundDeps } from './finish-staff-refund.js';
import { insertStaffRefund, staffRefundById } from './staff-refund.repository.js';
import { orderNotFound, refundedOf } from './read-admin-order.js';
import { mustExist } from '../must-exist.js';

export interface RefundOrderDeps extends RefundDeps {
  gatewaysFor: (sellerId: string) => Gateways;
}

/** A provider's definite refusal (an HTTP 4xx) — unlike a lost answer, after which money may have moved. */
const refusedBy = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * POST admin/orders/{id}/refund (docs/box-office.md, Refund): chosen booked tickets (their value)
 * or the whole order (all it has left to refund, fees included) back through the gateways that
 * took the money — the card gateway, or back onto the gift card that paid.
 *
 * 1. One transaction claims it: the tickets must be the order's and booked, the amount within what
 *    was paid less earlier refunds; a `staff_refund` row in state `sending` (one per order: a
 *    second refund at once loses on a unique index) and its payment rows are written.
 * 2. Each row goes to its gateway through refundPayment (idempotency key per row).
 * 3. All back: the tickets are cancelled and what they took given back (finishRefunded). A
 *    provider's refusal: the rows are marked failed and the order is unchanged. A lost answer:
 *    the rows stay refund_pending for the reconciler, which resends them under the same key.
 */
export async function refundOrder(deps: RefundOrderDeps, actor: Actor, input: { orderId: string; ticketIds?: string[]; reason: string; now: Date }): Promise<TAdminRefund> {
  const { now } = input;
  await finishSentRefunds(deps, input.orderId, now);
  const claim = await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const order = await orderWithBuyer(tx, input.orderId);
    if (!order) throw orderNotFound();
    const ids = input.ticketIds ? [...new Set(input.ticketIds)] : undefined;
    const tickets = await ticketLinesOfOrder(tx, order.id, ids ? { ids } : {});
    const missing = ids?.find((id) => !tickets.some((t) => t.id === id));
    if (missing) throw new AppError(404, 'ticket_not_found', 'We could not find that ticket in this order.', 'admin_refund', { ticket_id: missing });
    const notBooked = ids ? tickets.find((t) => t.state !== 'booked') : undefined;
    if (notBooked) throw new AppError(409, 'ticket_state_incorrect', ADMIN_TEXT.refundNotBooked, 'admin_refund', { ticket_id: notBooked.id, state: notBooked.state });
    const chosen = tickets.filter((t) => t.state === 'booked');
    const refundable = order.paid - refundedOf(await paymentsOfOrder(tx, order.id));
    const amount = ids ? chosen.reduce((sum, t) => sum + t.adjusted_value, 0) : Math.max(0, refundable);
    if (!ids && !chosen.length && amount <= 0) throw new AppError(409, 'ticket_state_incorrect', ADMIN_TEXT.refundNothingLeft, 'admin_refund');
    if (amount > refundable) throw new AppError(409, 'refund_exceeds_paid', ADMIN_TEXT.refundExceedsPaid, 'admin_refund', { refundable: fromMinor(Math.max(0, refundable)), asked: fromMinor(amount) });

    const id = uuidv7();
    const nowIso = now.toISOString();
    try {
      await insertStaffRefund(tx, { id, order_id: order.id, staff_id: actor.id, staff_email: actor.email.toLowerCase(), reason: input.reason, amount, ticket_ids: JSON.stringify(chosen.map((t) => t.id)), whole_order: ids ? 0 : 1, status: 'sending', error: null, created_at: nowIso });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'refund_in_progress', ADMIN_TEXT.refundInProgress, 'admin_refund');
      throw error;
    }
    const rows = amount > 0 ? await refundToPayments(tx, { sellerId: order.seller_id, orderId: order.id, cartId: order.cart_id, amount, nowIso, errorCode: STAFF_REFUND, keyOf: (paymentId) => `${STAFF_REFUND}:${id}:${paymentId}` }) : { left: 0, rowIds: [] };
    if (rows.left > 0) throw new AppError(409, 'refund_exceeds_paid', ADMIN_TEXT.refundExceedsPaid, 'admin_refund', { refundable: fromMinor(amount - rows.left), asked: fromMinor(amount) });
    return { id, sellerId: order.seller_id, rowIds: rows.rowIds };
  });

  const gateways = deps.gatewaysFor(claim.sellerId);
  let refused: unknown = null;
  let lost = false;
  for (const rowId of claim.rowIds) {
    try {
      if (!(await refundPayment({ db: deps.db, gateways }, rowId))) lost = true;
    } catch (error) {
      if (refusedBy(error) && claim.rowIds.indexOf(rowId) === 0) refused = error;
      else lost = true;
      break;
    }
  }
  if (refused) {
    const why = (refused as Error).message || 'refused';
    await inWriteTransaction(deps.db, deps.dialect, (tx) => failRefund(tx, claim.id, claim.rowIds, why, now));
    throw new AppError(502, 'refund_failed', `${ADMIN_TEXT.refundFailed} ${why}`.trim(), 'admin_refund', { reason: why });
  }
  if (!lost) await finishRefunded(deps, claim.id, now);
  return refundOut(mustExist(await staffRefundById(deps.db, claim.id), `staff refund ${claim.id}`));
}

export function refundOut(row: { id: string; order_id: string; status: string; amount: number; ticket_ids: string; reason: string; created_at: string }): TAdminRefund {
  return { id: row.id, order_id: row.order_id, status: row.status as TAdminRefund['status'], amount: fromMinor(row.amount), ticket_ids: JSON.parse(row.ticket_ids) as string[], reason: row.reason, created_at: row.created_at };
}
