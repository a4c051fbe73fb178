import { CANCEL_TEXT } from '@foyer/contracts';
import { cancelBookedTickets } from './cancel-booked-tickets.js';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { orderCancelMail } from './order-cancel-mail.js';
import { ticketLinesOfOrder } from './orders.repository.js';
import { readOwnOrder, type OrderAccess } from './read-order.js';

/**
 * POST ticket_order/{id}/cancel for a free order (docs/after-sale.md#cancelling-a-free-order Cancel free order, docs/after-sale.md#cancelling-a-free-order): each named ticket
 * must be the order's, free (adjusted value 0), booked (not cancelled or redeemed, else
 * `ticket_state_incorrect`) and for a session that has not started (else `tickets_too_old`);
 * otherwise nothing changes. The move booked → cancelled is conditional, so two cancels at once
 * give capacity and member allowance back once; the buyer gets the order-cancel e-mail in the
 * same transaction. The buyer's identity or a manage link's key opens the order.
 * Answers how many tickets this call cancelled.
 */
export async function cancelFreeTickets(db: Db, dialect: Dialect, input: OrderAccess & { ticketIds: string[]; now: Date; publicUrl: string }) {
  const order = await readOwnOrder(db, input);
  const ids = [...new Set(input.ticketIds)];
  return inWriteTransaction(db, dialect, async (tx) => {
    const tickets = await ticketLinesOfOrder(tx, order.id, { ids });
    const missing = ids.find((id) => !tickets.some((t) => t.id === id));
    if (missing) throw new AppError(404, 'ticket_not_found', 'We could not find that ticket in this order.', 'ticket_order', { ticket_id: missing });
    const paid = tickets.find((t) => t.adjusted_value !== 0);
    if (paid) throw new AppError(409, 'invalid_state', CANCEL_TEXT.notFree, 'ticket_order', { ticket_id: paid.id, reason: 'not_free' });
    const nowIso = input.now.toISOString();
    // docs/after-sale.md#errors's codes, as the self-edit path answers them: not booked (redeemed, cancelled, being changed), session started.
    const notBooked = tickets.find((t) => t.state !== 'booked');
    if (notBooked) throw new AppError(409, 'ticket_state_incorrect', CANCEL_TEXT.notBooked, 'ticket_order', { ticket_id: notBooked.id, state: notBooked.state });
    const started = tickets.find((t) => t.start_datetime !== null && t.start_datetime <= nowIso);
    if (started) throw new AppError(409, 'tickets_too_old', CANCEL_TEXT.started, 'ticket_order', { ticket_id: started.id });

    const released = await cancelBookedTickets(tx, order.id, ids, input.now);
    if (released.length) {
      const mail = await orderCancelMail(tx, order.id, tickets.filter((t) => released.some((r) => r.id === t.id)), { publicUrl: input.publicUrl, now: input.now });
      if (mail) await enqueueMail(tx, mail, input.now, 'order_cancel');
    }
    return { cancelled: released.length };
  });
}
