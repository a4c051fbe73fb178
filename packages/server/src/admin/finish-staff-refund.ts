import { fromMinor } from '@foyer/contracts';
import type { Db, Dialect, Tx } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { cancelBookedTickets } from '../orders/cancel-booked-tickets.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { orderCancelMail } from '../orders/order-cancel-mail.js';
import { ticketLinesOfOrder } from '../orders/public.js';
import { movePaymentStatus } from '../payments/public.js';
import { recordAudit } from './audit.js';
import { endStaffRefund, refundsInFlight, rowsOfStaffRefund, staffRefundById } from './staff-refund.repository.js';
import { mustExist } from '../must-exist.js';

export interface RefundDeps {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
}

/**
 * A refund whose money is all back: its tickets still booked are cancelled, giving back session
 * and group capacity, seats, member allowances and (once no ticket is left) code uses — once, since
 * both the refund's end and each ticket's move are conditional. The buyer gets the cancel e-mail.
 */
export async function finishRefunded(deps: RefundDeps, refundId: string, now: Date) {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const refund = mustExist(await staffRefundById(tx, refundId), `staff refund ${refundId}`);
    if (!(await endStaffRefund(tx, refundId, 'refunded', null, now.toISOString()))) return false;
    const ticketIds = JSON.parse(refund.ticket_ids) as string[];
    const before = await ticketLinesOfOrder(tx, refund.order_id, { ids: ticketIds });
    const released = await cancelBookedTickets(tx, refund.order_id, ticketIds, now);
    if (released.length) {
      const mail = await orderCancelMail(tx, refund.order_id, before.filter((t) => released.some((r) => r.id === t.id)), { publicUrl: deps.publicUrl, now });
      if (mail) await enqueueMail(tx, mail, now, 'order_cancel');
    }
    await recordAudit(
      tx,
      { id: refund.staff_id, email: refund.staff_email },
      {
        action: 'order.refund',
        objectType: 'order',
        objectId: refund.order_id,
        before: { tickets: before.map((t) => ({ id: t.id, state: t.state })) },
        after: { refund_id: refund.id, amount: fromMinor(refund.amount), reason: refund.reason, cancelled: released.map((r) => r.id) },
      },
      now,
    );
    return true;
  });
}

/** A refund the provider refused: its rows are marked failed, nothing else changed, and the log says why. */
export async function failRefund(tx: Tx, refundId: string, rowIds: string[], error: string, now: Date) {
  const refund = mustExist(await staffRefundById(tx, refundId), `staff refund ${refundId}`);
  for (const id of rowIds) await movePaymentStatus(tx, id, 'refund_pending', 'refund_failed');
  if (!(await endStaffRefund(tx, refundId, 'failed', error, now.toISOString()))) return;
  await recordAudit(tx, { id: refund.staff_id, email: refund.staff_email }, { action: 'order.refund_failed', objectType: 'order', objectId: refund.order_id, before: null, after: { refund_id: refundId, amount: fromMinor(refund.amount), error } }, now);
}

/**
 * Refunds of the order still in flight whose rows the reconciler has since sent (their answer had
 * been lost): finished now. Called before the order is read or refunded again.
 */
export async function finishSentRefunds(deps: RefundDeps, orderId: string, now: Date) {
  for (const { id } of await refundsInFlight(deps.db, orderId)) {
    const rows = await rowsOfStaffRefund(deps.db, id);
    if (rows.every((r) => r.status === 'refunded')) await finishRefunded(deps, id, now);
  }
}
