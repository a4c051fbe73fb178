import { escapeHtml as escape } from '../mail/escape-html.js';
import { fromMinor } from '@foyer/contracts';
import { DATE_FORMAT, DATE_TIME_FORMAT, ticketShowsTime } from '@foyer/contracts/rules';
import type { Tx } from '../db/database.js';
import { formatInZone } from '../time/venue-time.js';
import { shownValidity, validityText } from '../cart/ticket-validity.js';
import type { MailAttachment, MailMessage } from '../mail/enqueue-mail.js';
import { orderQrText, qrPng } from './qr-code.js';
import { issueOrderKey, manageUrl, ticketsUrl } from './order-access-key.js';
import { membershipMailPart } from '../membership/membership-mail.js';
import { giftMailPart } from '../membership/gifts/gift-mail.js';
import { confirmationLines, orderForConfirmation } from './orders.repository.js';
import { userByIdentity } from '../users/public.js';
import { orderDiscountText } from '../promotions/order-discount.js';

const MAX_TICKET_IMAGES = 40;


/**
 * The order confirmation (docs/checkout.md#order-complete): order number, each ticket with its event, time and scan
 * code, the order's QR code and each ticket's, and the link to the tickets page. The QR codes are
 * inline images (cid): they show without the mail client loading remote content. Null when
 * nobody is to receive it.
 */
export async function orderConfirmationMail(tx: Tx, orderId: string, publicUrl: string, now: Date): Promise<MailMessage | null> {
  const order = await orderForConfirmation(tx, orderId);
  if (!order) throw new Error(`orderConfirmationMail: no order ${orderId}`);
  if (!order.purchaser_identity_id) return null;
  const buyer = await userByIdentity(tx, order.purchaser_identity_id);
  if (!buyer || buyer.email.startsWith('no-email+')) return null;
  const tickets = await confirmationLines(tx, orderId);
  // Event meta ticket_date_time "date" (docs/catalog.md): the day only.
  const when = (iso: string | null, tz: string, meta: string) => (iso ? formatInZone(iso, tz, ticketShowsTime(JSON.parse(meta) as Record<string, unknown>) ? DATE_TIME_FORMAT : DATE_FORMAT) : '');
  // A gift card's number is what its buyer needs; other tickets show their scan code.
  // A flexible event (gift cards, donations, passes) has no date or time to show (its session is the whole sale).
  // A start policy or duration (docs/catalog.md) shows the ticket's own validity.
  const valid = (t: (typeof tickets)[number]) => {
    const v = shownValidity(t, t.start_datetime ? t : null);
    return v ? `Valid ${validityText(v, t.timezone)}` : '';
  };
  const lines = tickets.map((t) =>
    [t.event_name, t.event_type === 'flexible' ? '' : when(t.start_datetime, t.timezone, t.event_meta), valid(t), t.type_name, t.gift_card_number ? `Gift card number ${t.gift_card_number} (${fromMinor(t.face_value)} ${order.currency})` : t.scan_code]
      .filter(Boolean)
      .join(' — '),
  );
  // A fresh key each time the confirmation is sent (booking, resend): both links open the order in any browser.
  const key = await issueOrderKey(tx, order.id, now);
  const tickets_url = ticketsUrl(publicUrl, order.id, key);
  const manage_url = manageUrl(publicUrl, order.id, key);
  const attachments: MailAttachment[] = [{ filename: `order-${order.order_number}.png`, contentType: 'image/png', cid: `order-${order.id}@foyer`, content: await qrPng(orderQrText(order), { width: 240 }) }];
  const ticketCids: (string | null)[] = [];
  for (const [i, t] of tickets.entries()) {
    // A gift card is a number, not an admission: no code to scan. Images are made inside the
    // booking transaction, so a large order shows the first ones; the tickets page has them all.
    if (!t.scan_code || t.gift_card_number || i >= MAX_TICKET_IMAGES) {
      ticketCids.push(null);
      continue;
    }
    const cid = `ticket-${i + 1}-${order.id}@foyer`;
    attachments.push({ filename: `ticket-${i + 1}.png`, contentType: 'image/png', cid, content: await qrPng(t.scan_code, { width: 160, margin: 2 }) });
    ticketCids.push(cid);
  }
  const ticketImage = (i: number) => (ticketCids[i] ? `<br><img src="cid:${ticketCids[i]}" width="120" height="120" alt="QR code for ticket ${escape(tickets[i].scan_code ?? '')}">` : '');
  const members = await membershipMailPart(tx, order.id);
  attachments.push(...members.attachments);
  const gifts = await giftMailPart(tx, order.id, publicUrl);
  const total = fromMinor(order.total);
  const discount = await orderDiscountText(tx, order.id, order.currency);
  const text = [
    `Hello ${buyer.first_name},`,
    `Thank you for your order ${order.order_number} with ${order.seller_name}. Total: ${total} ${order.currency}.`,
    ...(discount ? [discount] : []),
    'Your tickets:',
    ...lines.map((l) => `  ${l}`),
    ...members.text,
    ...gifts.text,
    `View and print your tickets: ${tickets_url}`,
    `Manage your order: ${manage_url}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escape(buyer.first_name)},</p>
<p>Thank you for your order <strong>${escape(order.order_number)}</strong> with ${escape(order.seller_name)}. Total: ${escape(total)} ${escape(order.currency)}.</p>
${discount ? `<p>${escape(discount)}</p>\n` : ''}<p><img src="cid:${attachments[0].cid}" width="200" height="200" alt="QR code for order ${escape(order.order_number)}"></p>
<ul>${lines.map((l, i) => `<li>${escape(l)}${ticketImage(i)}</li>`).join('')}</ul>
${members.html}
${gifts.html}
<p><a href="${escape(tickets_url)}">View and print your tickets</a></p>
<p><a href="${escape(manage_url)}">Manage your order</a></p>
</body></html>`;
  return { to: buyer.email, subject: `Your tickets — order ${order.order_number}`, text, html, attachments };
}
