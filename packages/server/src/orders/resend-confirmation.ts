import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';

/** POST ticket_order/{id}/email: the confirmation again, to the buyer only; rate limited. */
export async function resendConfirmation(db: Db, input: { sellerId: string; identity: Identity | null; orderId: string; ip: string; now: Date; publicUrl: string }) {
  const order = await db.selectFrom('ticket_order').select(['id', 'identity_id']).where('id', '=', input.orderId).where('seller_id', '=', input.sellerId).executeTakeFirst();
  if (!order) throw new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');
  if (!input.identity || input.identity.id !== order.identity_id) throw new AppError(403, 'scope_error', 'This order belongs to someone else.', 'ticket_order');
  await enforceLimits(db, input.now, [
    [LIMITS.resendIp, input.ip],
    [LIMITS.resendAccount, order.id],
  ]);
  await db.transaction().execute(async (tx) => {
    const mail = await orderConfirmationMail(tx, order.id, input.publicUrl);
    if (!mail) throw new AppError(400, 'validation_failed', 'This order has no e-mail address to send to.', 'ticket_order');
    await enqueueMail(tx, mail, input.now, 'order_confirmation');
  });
}
