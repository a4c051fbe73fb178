import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { orderConfirmationMail } from '../orders/order-confirmation-mail.js';
import { recordAudit, type Actor } from './audit.js';
import { orderWithBuyer } from './admin-orders.repository.js';
import { orderNotFound } from './read-admin-order.js';

/**
 * POST admin/orders/{id}/resend (docs/box-office.md): the order's confirmation as it stands (with a
 * fresh manage link), to the buyer or to the address staff type — a visitor whose e-mail bounced.
 */
export async function resendOrderMail(deps: { db: Db; dialect: Dialect; publicUrl: string }, actor: Actor, input: { orderId: string; email?: string; now: Date }) {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    if (!(await orderWithBuyer(tx, input.orderId))) throw orderNotFound();
    const mail = await orderConfirmationMail(tx, input.orderId, deps.publicUrl, input.now);
    const to = input.email ?? mail?.to;
    if (!mail || !to) throw new AppError(400, 'validation_failed', 'This order has no e-mail address to send to: type one.', 'admin_resend');
    await enqueueMail(tx, { ...mail, to }, input.now, 'order_confirmation');
    await recordAudit(tx, actor, { action: 'order.resend', objectType: 'order', objectId: input.orderId, before: null, after: { to } }, input.now);
    return { sent_to: to };
  });
}
