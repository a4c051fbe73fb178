import type { Tx } from '../db/database.js';
import { formatInZone } from '../time/venue-time.js';
import type { MailMessage } from '../mail/enqueue-mail.js';
import { escapeHtml as escape } from '../mail/escape-html.js';
import { userByIdentity } from '../users/public.js';
import { issueOrderKey, manageUrl } from './order-access-key.js';
import { orderForConfirmation, orderHasLiveTickets } from './orders.repository.js';
import { DATE_TIME_FORMAT } from '@foyer/contracts/rules';

/**
 * The order-cancel e-mail (docs/checkout.md#order-complete): which tickets were cancelled, and — while the order still has
 * tickets to manage — a "Manage your order" link with a fresh key, as the confirmation has. A fully
 * cancelled order gets no link: nothing is left to change, and the fewer keys the better.
 * Null when nobody is to receive it.
 */
export async function orderCancelMail(
  tx: Tx,
  orderId: string,
  cancelled: { event_name: string; type_name: string; start_datetime: string | null; timezone: string }[],
  links: { publicUrl: string; now: Date },
): Promise<MailMessage | null> {
  const order = await orderForConfirmation(tx, orderId);
  if (!order?.purchaser_identity_id) return null;
  const buyer = await userByIdentity(tx, order.purchaser_identity_id);
  if (!buyer || buyer.email.startsWith('no-email+')) return null;
  const lines = cancelled.map((t) => [t.event_name, t.start_datetime ? formatInZone(t.start_datetime, t.timezone, DATE_TIME_FORMAT) : '', t.type_name].filter(Boolean).join(' — '));
  const intro = `${lines.length === 1 ? 'This ticket has' : `These ${lines.length} tickets have`} been cancelled from your order ${order.order_number} with ${order.seller_name}:`;
  const manage_url = (await orderHasLiveTickets(tx, orderId)) ? manageUrl(links.publicUrl, orderId, await issueOrderKey(tx, orderId, links.now)) : null;
  return {
    to: buyer.email,
    subject: `Cancelled — order ${order.order_number}`,
    text: [`Hello ${buyer.first_name},`, intro, ...lines.map((l) => `  ${l}`), ...(manage_url ? [`Manage your order: ${manage_url}`] : [])].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>Hello ${escape(buyer.first_name)},</p><p>${escape(intro)}</p><ul>${lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>${manage_url ? `<p><a href="${escape(manage_url)}">Manage your order</a></p>` : ''}</body></html>`,
  };
}
