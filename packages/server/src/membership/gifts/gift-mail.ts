import { escapeHtml as escape } from '../../mail/escape-html.js';
import type { Tx } from '../../db/database.js';
import type { MailMessage } from '../../mail/enqueue-mail.js';
import { gifteeMailFacts, giftsOfOrders, type GiftWithNames } from './gift.repository.js';

/** Where a gift code is redeemed: the redeem page with the code filled in (docs/memberships.md#7-gifts-of-membership `?code=`). */
export const redeemPath = (code: string) => `/membership/redeem?code=${encodeURIComponent(code)}`;
const redeemUrl = (publicUrl: string, code: string) => `${publicUrl}${redeemPath(code)}`;

const day = (iso: string) => iso.slice(0, 10);
const gifteeName = (g: GiftWithNames) => [g.giftee_first_name, g.giftee_last_name].filter(Boolean).join(' ') || null;

/**
 * The gifts of an order for the giver's confirmation (docs/memberships.md#7-gifts-of-membership Gifting): each code, the level, the
 * last day to redeem it, the redeem link, and whether Foyer e-mails it to the giftee (on which day)
 * or the giver passes it on. Empty when the order gave no membership.
 */
export async function giftMailPart(tx: Tx, orderId: string, publicUrl: string): Promise<{ text: string[]; html: string }> {
  const gifts = await giftsOfOrders(tx, [orderId]);
  if (!gifts.length) return { text: [], html: '' };
  const lines = gifts.map((g) => {
    const who = gifteeName(g);
    const delivery = g.email_giftee_on
      ? `We will e-mail it to ${who ?? 'them'} on ${g.email_giftee_on}.`
      : `Pass it on to ${who ?? 'them'}: they redeem it at the link below.`;
    return { g, text: `${g.level_name} — gift code ${g.code} — redeem by ${day(g.valid_to)}. ${delivery}`, url: redeemUrl(publicUrl, g.code) };
  });
  return {
    text: ['Your gift of membership:', ...lines.flatMap((l) => [`  ${l.text}`, `  Redeem: ${l.url}`])],
    html: `<p>Your gift of membership:</p><ul>${lines.map((l) => `<li>${escape(l.text)}<br><a href="${escape(l.url)}">Redeem ${escape(l.g.code)}</a></li>`).join('')}</ul>`,
  };
}

/** The giftee's e-mail (docs/memberships.md#7-gifts-of-membership): who gave them which membership, the code and how to redeem it. */
export async function gifteeMail(tx: Tx, giftId: string, publicUrl: string): Promise<MailMessage | null> {
  const gift = await gifteeMailFacts(tx, giftId);
  if (!gift || gift.email.startsWith('no-email+')) return null;
  const giver = [gift.giver_first, gift.giver_last].filter(Boolean).join(' ') || 'Someone';
  const url = redeemUrl(publicUrl, gift.code);
  const text = [
    `Hello ${gift.first_name},`,
    `${giver} has given you a ${gift.level_name} membership with ${gift.seller_name}.`,
    `Your gift code: ${gift.code}`,
    `Redeem it by ${day(gift.valid_to)}: ${url}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escape(gift.first_name)},</p>
<p>${escape(giver)} has given you a <strong>${escape(gift.level_name)}</strong> membership with ${escape(gift.seller_name)}.</p>
<p>Your gift code: <strong style="font-size:1.3em;letter-spacing:0.1em">${escape(gift.code)}</strong></p>
<p><a href="${escape(url)}">Redeem your membership</a> by ${escape(day(gift.valid_to))}.</p>
</body></html>`;
  return { to: gift.email, subject: `A gift of membership from ${giver}`, text, html, attachments: [] };
}
