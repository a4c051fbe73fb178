import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { orderById } from '../../orders/public.js';
import { instalmentStatuses } from '../payment-plan.js';
import { linkInstalmentToOrder, planOfOrders } from '../payments.repository.js';
import { instalmentOverdueMail } from './instalment-mails.js';
import { claimOverdue, instalmentsOverdue } from './instalments.repository.js';
import { mustExist } from '../../must-exist.js';

const BATCH = 50;

/**
 * Marks `overdue` each unpaid instalment of a booked order whose due date (UTC day) has passed, and
 * e-mails the buyer the overdue notice with a fresh manage link (docs/payments.md "Later
 * instalments"). Each instalment is claimed (`overdue_at`, a conditional update) in the transaction
 * that queues its notice: several processes send it once. An instalment found paid after all (the
 * plan's stored statuses lag a payment) is claimed without a notice. Returns how many were queued.
 */
export async function noticeOverdueInstalments(deps: { db: Db; dialect: Dialect; publicUrl: string }, now: Date): Promise<number> {
  const late = await instalmentsOverdue(deps.db, now.toISOString().slice(0, 10), BATCH);
  let queued = 0;
  for (const instalment of late) {
    const orderId = mustExist(instalment.ticket_order_id, `order of instalment ${instalment.id}`);
    const sent = await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
      if (!(await claimOverdue(tx, instalment.id, now.toISOString()))) return false;
      const order = mustExist(await orderById(tx, orderId), `order ${orderId}`);
      const status = instalmentStatuses(await planOfOrders(tx, [orderId]), order.paid, now).find((p) => p.id === instalment.id)?.status;
      if (status !== 'overdue') return false;
      await linkInstalmentToOrder(tx, instalment.id, orderId, 'overdue');
      const mail = await instalmentOverdueMail(tx, orderId, instalment, deps.publicUrl, now);
      if (mail) await enqueueMail(tx, mail, now, 'instalment_overdue');
      return mail !== null;
    });
    if (sent) queued += 1;
  }
  return queued;
}
