import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { CartTable, TicketTable } from '../../db/schema.js';
import { updateCartRow } from '../../cart/public.js';
import { giveBackTickets } from '../../cart/release-tickets.js';
import { releaseCodesOfCancelledOrder } from '../../promotions/release-order-codes.js';
import type { CartAmounts } from '../../payments/cart-amounts.js';
import { linkPaymentsToOrder } from '../../payments/public.js';
import { readableCode } from '../../readable-code.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { orderConfirmationMail } from '../order-confirmation-mail.js';
import { bookTicket, orderHasLiveTickets, ticketLinesOfOrder } from '../orders.repository.js';
import { orderCancelMail } from '../order-cancel-mail.js';
import { refundDifference } from './refund-difference.js';
import { cancelTakenOutTickets, orderTotals, setOrderTotals } from './self-edit.repository.js';
import { noteTicketsReplaced } from '../../wallet/note-pass-changes.js';
import { mustExist } from '../../must-exist.js';

/**
 * Confirms a change cart (docs/after-sale.md#how-a-change-works-server Edit order: Confirm Changes), inside the paying transaction (the
 * free guest checkout or the pay call settling): the order tickets it took out are cancelled and
 * give back their places once (conditional on still being in this cart), the new ones join the
 * same order with new scan codes, the order's totals follow, a cheaper change gives the difference
 * back (refund-difference.ts), and the order-update e-mail joins the outbox (the order-cancel
 * e-mail when the change took out every ticket and added none). The order keeps its
 * number. Throws (rolling everything back) when the taken-out tickets are no longer in the cart.
 */
export async function applyOrderChange(tx: Tx, input: { cart: Selectable<CartTable>; tickets: Pick<Selectable<TicketTable>, 'id'>[]; amounts: CartAmounts; now: Date; publicUrl: string }): Promise<string> {
  const { cart, amounts, now } = input;
  const orderId = mustExist(cart.edits_order_id, `order a change cart ${cart.id} edits`);
  const nowIso = now.toISOString();
  const removed = await cancelTakenOutTickets(tx, cart.id);
  const worth = removed.reduce((sum, t) => sum + t.adjusted_value + t.fee_fixed_outside + t.fee_percent_outside, 0);
  if (worth !== cart.credit) throw new Error(`applyOrderChange: cart ${cart.id} no longer holds the tickets it took out`);
  await giveBackTickets(tx, removed);
  for (const t of input.tickets) await bookTicket(tx, t.id, orderId, readableCode(16));
  // Installed wallet passes of the old tickets show the new ones (docs/wallet-passes.md "Updates").
  await noteTicketsReplaced(tx, orderId, removed.map((t) => t.id), input.tickets.map((t) => t.id), now);
  await updateCartRow(tx, cart.id, { state: 'booked', ticket_order_id: orderId, expires_at: null, updated_at: nowIso });
  // A change that took out every ticket and added none cancels the order: its codes' uses go back (once).
  await releaseCodesOfCancelledOrder(tx, orderId);
  await linkPaymentsToOrder(tx, cart.id, orderId);
  // The outstanding is total − paid − credit: below 0, the change cost less than the tickets it replaced.
  const refund = Math.max(0, -amounts.outstanding);
  const order = mustExist(await orderTotals(tx, orderId), `order ${orderId}`);
  // The change's payment-method fee joins the order's (docs/payments.md "Payment-method fees").
  await setOrderTotals(tx, orderId, { total: order.total - cart.credit + amounts.total, paid: order.paid + cart.paid - refund, method_fee: order.method_fee + cart.method_fee });
  const giftCard = refund > 0 ? await refundDifference(tx, { sellerId: order.seller_id, orderId, cartId: cart.id, amount: refund, nowIso }) : null;
  // A change that took out every ticket cancelled the order: the order-cancel e-mail, not the tickets (docs/after-sale.md).
  const cancelledAll = !input.tickets.length && removed.length > 0 && !(await orderHasLiveTickets(tx, orderId));
  const mail = cancelledAll
    ? await orderCancelMail(tx, orderId, await ticketLinesOfOrder(tx, orderId, { ids: removed.map((t) => t.id) }), { publicUrl: input.publicUrl, now })
    : await orderConfirmationMail(tx, orderId, input.publicUrl, now);
  if (mail) {
    if (giftCard) mail.text += `\n\nThe difference of your change was given back as a gift card: ${giftCard}`;
    if (giftCard && mail.html) mail.html = mail.html.replace('</body>', `<p>The difference of your change was given back as a gift card: <strong>${giftCard}</strong></p></body>`);
    await enqueueMail(tx, mail, now, cancelledAll ? 'order_cancel' : 'order_update');
  }
  return orderId;
}

