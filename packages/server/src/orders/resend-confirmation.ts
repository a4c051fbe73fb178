import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import type { TOrderEmail } from '@foyer/contracts';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';
import { orderCancelMail } from './order-cancel-mail.js';
import { ticketLinesOfOrder } from './orders.repository.js';
import { readOwnOrder, type OrderAccess } from './read-order.js';

const NO_ADDRESS = 'This order has no e-mail address to send to.';

/**
 * POST ticket_order/{id}/email (docs/after-sale.md#resending-tickets): an order e-mail again, to the buyer only; rate limited.
 * `log_context` says which: none or `order_update`, the order as it stands (with a fresh manage
 * link); `order_cancel`, the order-cancel e-mail of its cancelled tickets.
 */
export async function resendConfirmation(db: Db, dialect: Dialect, input: OrderAccess & { ip: string; now: Date; logContext?: TOrderEmail['log_context']; publicUrl: string }) {
  const order = await readOwnOrder(db, input);
  await enforceLimits(db, input.now, [
    [LIMITS.resendIp, input.ip],
    [LIMITS.resendAccount, order.id],
  ]);
  await inWriteTransaction(db, dialect, async (tx) => {
    if (input.logContext === 'order_cancel') {
      const cancelled = await ticketLinesOfOrder(tx, order.id, { state: 'cancelled' });
      if (!cancelled.length) throw new AppError(400, 'validation_failed', 'No ticket of this order has been cancelled.', 'ticket_order');
      const mail = await orderCancelMail(tx, order.id, cancelled, { publicUrl: input.publicUrl, now: input.now });
      if (!mail) throw new AppError(400, 'validation_failed', NO_ADDRESS, 'ticket_order');
      await enqueueMail(tx, mail, input.now, 'order_cancel');
      return;
    }
    const mail = await orderConfirmationMail(tx, order.id, input.publicUrl, input.now);
    if (!mail) throw new AppError(400, 'validation_failed', NO_ADDRESS, 'ticket_order');
    await enqueueMail(tx, mail, input.now, input.logContext ?? 'order_confirmation');
  });
}
