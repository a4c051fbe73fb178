import { AUTH_TEXT, RESEND_TEXT } from '@foyer/contracts';
import { isEmail } from '@foyer/contracts/rules';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { emailKey, isPlaceholderEmail } from '../users/normalize.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';
import { orderIdsOfBuyerEmail, ordersWithCards } from './orders.repository.js';

/** At most this many (newest) orders are resent at once. */
const MAX_ORDERS = 20;

/**
 * POST ticket_order/resend (docs/after-sale.md#resending-tickets Resend order, docs/after-sale.md#resending-tickets): the confirmation of every order the
 * address bought goes to that address again — never elsewhere, so asking reveals nothing the
 * mailbox's owner does not see. 404 "No orders could be found for this email address." as the
 * spec says; limited per address and per IP before anything is looked up.
 */
export async function resendOrders(db: Db, dialect: Dialect, input: { sellerId: string; email: string; membershipsOnly: boolean; ip: string; now: Date; publicUrl: string }) {
  if (!isEmail(input.email) || isPlaceholderEmail(input.email)) throw new AppError(400, 'validate_not_email', AUTH_TEXT.emailNotValid, 'ticket_order', { field: 'email' });
  await enforceLimits(db, input.now, [
    [LIMITS.resendIp, input.ip],
    [LIMITS.resendAddress, emailKey(input.email)],
  ]);
  let orders = (await orderIdsOfBuyerEmail(db, input.sellerId, emailKey(input.email), MAX_ORDERS)).map((o) => o.id);
  if (input.membershipsOnly && orders.length) {
    const withCards = await ordersWithCards(db, orders);
    const ids = new Set(withCards.map((m) => m.ticket_order_id));
    orders = orders.filter((id) => ids.has(id));
  }
  if (!orders.length) throw new AppError(404, 'not_found', RESEND_TEXT.noOrders, 'ticket_order');
  await inWriteTransaction(db, dialect, async (tx) => {
    for (const id of orders) {
      const mail = await orderConfirmationMail(tx, id, input.publicUrl, input.now);
      if (mail) await enqueueMail(tx, mail, input.now, 'order_confirmation');
    }
  });
}
