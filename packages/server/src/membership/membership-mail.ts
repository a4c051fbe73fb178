import { escapeHtml as escape } from '../mail/escape-html.js';
import type { Tx } from '../db/database.js';
import type { MailAttachment } from '../mail/enqueue-mail.js';
import { qrPng } from '../orders/qr-code.js';
import { membershipsOfOrders } from './membership.repository.js';


/**
 * The member cards of an order for its confirmation (docs/memberships.md#2-buying): each card's holder, level, member
 * number and expiry, and its QR code as an inline image. Empty when the order has no membership.
 */
export async function membershipMailPart(tx: Tx, orderId: string): Promise<{ text: string[]; html: string; attachments: MailAttachment[] }> {
  const cards = await membershipsOfOrders(tx, [orderId]);
  if (!cards.length) return { text: [], html: '', attachments: [] };
  const attachments: MailAttachment[] = [];
  const items: string[] = [];
  const text = ['Your membership cards:'];
  for (const [i, c] of cards.entries()) {
    const line = `${c.first_name} ${c.last_name} — ${c.level_name} — member number ${c.scan_code} — valid until ${c.valid_to.slice(0, 10)}`;
    text.push(`  ${line}`);
    const cid = `member-${i + 1}-${orderId}@foyer`;
    attachments.push({ filename: `member-${c.scan_code}.png`, contentType: 'image/png', cid, content: await qrPng(c.scan_code, { width: 160, margin: 2 }) });
    items.push(`<li>${escape(line)}<br><img src="cid:${cid}" width="120" height="120" alt="QR code for member number ${escape(c.scan_code)}"></li>`);
  }
  return { text, html: `<p>Your membership cards:</p><ul>${items.join('')}</ul>`, attachments };
}
