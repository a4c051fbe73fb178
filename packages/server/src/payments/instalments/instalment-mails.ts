import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import type { MailMessage } from '../../mail/enqueue-mail.js';
import { escapeHtml as escape } from '../../mail/escape-html.js';
import { issueOrderKey, manageUrl } from '../../orders/order-access-key.js';
import { orderById, orderForConfirmation } from '../../orders/public.js';
import { userByIdentity } from '../../users/public.js';
import { instalmentStatuses } from '../payment-plan.js';
import { planOfOrders } from '../payments.repository.js';

/** The buyer, the order and what it still owes; null when nobody is to receive mail. */
async function mailContext(tx: Tx, orderId: string, publicUrl: string, now: Date) {
  const order = await orderForConfirmation(tx, orderId);
  const row = await orderById(tx, orderId);
  if (!order || !row || !order.purchaser_identity_id || !order.send_email) return null;
  const buyer = await userByIdentity(tx, order.purchaser_identity_id);
  if (!buyer || buyer.email.startsWith('no-email+')) return null;
  const next = instalmentStatuses(await planOfOrders(tx, [orderId]), row.paid, now).find((p) => p.status !== 'paid') ?? null;
  // A fresh manage link, as every order e-mail carries (resend-orders.ts).
  const link = manageUrl(publicUrl, orderId, await issueOrderKey(tx, orderId, now));
  const money = (minor: number) => `${fromMinor(minor)} ${order.currency}`;
  return { order, buyer, outstanding: row.total - row.paid, next, link, money };
}

function message(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  const text = [...paragraphs, `Manage your order: ${link}`].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link)}">Manage your order</a></p>
</body></html>`;
  return { to, subject, text, html };
}

/** The receipt for a later payment on an order (docs/after-sale.md#how-a-change-works-server: manage-order payments send an order-update e-mail). */
export async function instalmentReceiptMail(tx: Tx, orderId: string, amount: number, publicUrl: string, now: Date): Promise<MailMessage | null> {
  const c = await mailContext(tx, orderId, publicUrl, now);
  if (!c) return null;
  const rest =
    c.outstanding > 0
      ? `Still to pay: ${c.money(c.outstanding)}${c.next ? `, next payment of ${c.money(c.next.amount)} due on ${c.next.due_date}` : ''}.`
      : 'Your order is now paid in full.';
  return message(c.buyer.email, `Payment received — order ${c.order.order_number}`, [`Hello ${c.buyer.first_name},`, `We received your payment of ${c.money(amount)} for order ${c.order.order_number} with ${c.order.seller_name}.`, rest], c.link);
}

/** The reminder that an instalment falls due (remind-due-instalments.ts); null when there is nobody to tell. */
export async function instalmentReminderMail(tx: Tx, orderId: string, instalment: { due_date: string; amount: number }, publicUrl: string, now: Date): Promise<MailMessage | null> {
  const c = await mailContext(tx, orderId, publicUrl, now);
  if (!c || c.outstanding <= 0) return null;
  return message(
    c.buyer.email,
    `Payment due on ${instalment.due_date} — order ${c.order.order_number}`,
    [
      `Hello ${c.buyer.first_name},`,
      `A payment of ${c.money(Math.min(instalment.amount, c.outstanding))} for order ${c.order.order_number} with ${c.order.seller_name} is due on ${instalment.due_date}.`,
      `Still to pay in all: ${c.money(c.outstanding)}. You can pay from your order's page.`,
    ],
    c.link,
  );
}

/** The notice that an instalment's due date passed unpaid (notice-overdue-instalments.ts); null when there is nobody to tell. */
export async function instalmentOverdueMail(tx: Tx, orderId: string, instalment: { due_date: string; amount: number }, publicUrl: string, now: Date): Promise<MailMessage | null> {
  const c = await mailContext(tx, orderId, publicUrl, now);
  if (!c || c.outstanding <= 0) return null;
  return message(
    c.buyer.email,
    `Payment overdue — order ${c.order.order_number}`,
    [
      `Hello ${c.buyer.first_name},`,
      `A payment of ${c.money(Math.min(instalment.amount, c.outstanding))} for order ${c.order.order_number} with ${c.order.seller_name} was due on ${instalment.due_date} and has not been received.`,
      `Still to pay in all: ${c.money(c.outstanding)}. Please pay it from your order's page.`,
    ],
    c.link,
  );
}

/** The due-date charge on the kept card did not go through (charge-due-instalments.ts); null when there is nobody to tell. */
export async function instalmentChargeFailedMail(tx: Tx, orderId: string, instalment: { due_date: string }, amount: number, reason: string, publicUrl: string, now: Date): Promise<MailMessage | null> {
  const c = await mailContext(tx, orderId, publicUrl, now);
  if (!c || c.outstanding <= 0) return null;
  return message(
    c.buyer.email,
    `We could not take your payment — order ${c.order.order_number}`,
    [
      `Hello ${c.buyer.first_name},`,
      `We tried to charge your saved card ${c.money(amount)} for order ${c.order.order_number} with ${c.order.seller_name}, due on ${instalment.due_date}, but ${reason}.`,
      `Please pay it from your order's page. Still to pay in all: ${c.money(c.outstanding)}.`,
    ],
    c.link,
  );
}
