import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';
import { readOwnOrder } from './read-order.js';

/** POST ticket_order/{id}/email: the confirmation again, to the buyer only; rate limited. */
export async function resendConfirmation(db: Db, dialect: Dialect, input: { sellerId: string; identity: Identity | null; orderId: string; ip: string; now: Date; publicUrl: string }) {
  const order = await readOwnOrder(db, input);
  await enforceLimits(db, input.now, [
    [LIMITS.resendIp, input.ip],
    [LIMITS.resendAccount, order.id],
  ]);
  await inWriteTransaction(db, dialect, async (tx) => {
    const mail = await orderConfirmationMail(tx, order.id, input.publicUrl, input.now);
    if (!mail) throw new AppError(400, 'validation_failed', 'This order has no e-mail address to send to.', 'ticket_order');
    await enqueueMail(tx, mail, input.now, 'order_confirmation');
  });
}
