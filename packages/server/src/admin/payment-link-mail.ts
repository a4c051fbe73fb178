import type { MailMessage } from '../mail/enqueue-mail.js';
import { escapeHtml } from '../mail/escape-html.js';

/** A link to pay, e-mailed by staff: the greeting, what it is for, the link. */
function linkMail(input: { to: string; firstName: string | null; subject: string; intro: string; linkText: string; link: string }): MailMessage {
  const hello = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  return {
    to: input.to,
    subject: input.subject,
    text: [hello, input.intro, input.link].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(hello)}</p><p>${escapeHtml(input.intro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.linkText)}</a></p></body></html>`,
  };
}

/** The e-mail of a payment-link cart made by staff (docs/box-office.md#payment-links): its total and its single-use link. */
export function paymentLinkMail(input: { to: string; firstName: string; cartNumber: string; total: string; link: string }): MailMessage {
  return linkMail({
    to: input.to,
    firstName: input.firstName,
    subject: `Your booking ${input.cartNumber} is ready to pay`,
    intro: `Your booking ${input.cartNumber} is ready: ${input.total} to pay. Pay with this link (it works once):`,
    linkText: `Pay for booking ${input.cartNumber}`,
    link: input.link,
  });
}

/** The e-mail of a move paid by a payment link (docs/box-office.md#paid-by-a-payment-link): the difference, until when the places are held, the single-use link. */
export function moveLinkMail(input: { to: string; firstName: string | null; orderNumber: string; sessionStart: string; difference: string; expiresAt: string; link: string }): MailMessage {
  return linkMail({
    to: input.to,
    firstName: input.firstName,
    subject: `Your change to order ${input.orderNumber}: ${input.difference} to pay`,
    intro: `Your tickets of order ${input.orderNumber} can move to ${input.sessionStart}: the new session costs ${input.difference} more. We hold your new places until ${input.expiresAt}; your tickets stay as they are until you pay. Pay with this link (it works once):`,
    linkText: `Pay ${input.difference} for order ${input.orderNumber}`,
    link: input.link,
  });
}
