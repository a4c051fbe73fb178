import { escapeHtml as escape } from '../mail/escape-html.js';
import type { Tx } from '../db/database.js';
import type { MailAttachment, MailMessage } from '../mail/enqueue-mail.js';
import { qrPng } from '../orders/qr-code.js';
import { membershipsOfOrders, membershipsOfSetWithLevel, type MembershipWithLevel } from './membership.repository.js';

/**
 * The member cards of an order for its confirmation (docs/memberships.md#2-buying): each card's holder, level, member
 * number and expiry, and its QR code as an inline image. Empty when the order has no membership.
 */
export async function membershipMailPart(tx: Tx, orderId: string): Promise<{ text: string[]; html: string; attachments: MailAttachment[] }> {
  return cardsMailPart(await membershipsOfOrders(tx, [orderId]), orderId);
}

/** The cards as the confirmation lists them; `tag` keeps their image ids apart from other mails'. */
async function cardsMailPart(cards: MembershipWithLevel[], tag: string): Promise<{ text: string[]; html: string; attachments: MailAttachment[] }> {
  if (!cards.length) return { text: [], html: '', attachments: [] };
  const attachments: MailAttachment[] = [];
  const items: string[] = [];
  const text = ['Your membership cards:'];
  for (const [i, c] of cards.entries()) {
    const line = `${c.first_name} ${c.last_name} — ${c.level_name} — member number ${c.scan_code} — valid until ${c.valid_to.slice(0, 10)}`;
    text.push(`  ${line}`);
    const cid = `member-${i + 1}-${tag}@foyer`;
    attachments.push({ filename: `member-${c.scan_code}.png`, contentType: 'image/png', cid, content: await qrPng(c.scan_code, { width: 160, margin: 2 }) });
    items.push(`<li>${escape(line)}<br><img src="cid:${cid}" width="120" height="120" alt="QR code for member number ${escape(c.scan_code)}"></li>`);
  }
  return { text, html: `<p>Your membership cards:</p><ul>${items.join('')}</ul>`, attachments };
}

/**
 * The membership cards e-mail (docs/box-office.md#resending-cards): one card set's cards on their
 * own, as the confirmation shows them, sent again by the box office. Null for a set with no cards.
 */
export async function memberCardsMail(tx: Tx, cardSetId: string, to: string): Promise<MailMessage | null> {
  const cards = await membershipsOfSetWithLevel(tx, cardSetId);
  if (!cards.length) return null;
  const part = await cardsMailPart(cards, cardSetId);
  const holder = cards[0];
  return {
    to,
    subject: 'Your membership cards',
    text: [`Hello ${holder.first_name},`, 'Here are your membership cards again. Show the member number or its QR code at the door.', '', ...part.text].join('\n'),
    html: `<p>Hello ${escape(holder.first_name)},</p><p>Here are your membership cards again. Show the member number or its QR code at the door.</p>${part.html}`,
    attachments: part.attachments,
  };
}
