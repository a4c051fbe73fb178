import type { MailMessage } from '../mail/enqueue-mail.js';
import { escapeHtml } from '../mail/escape-html.js';

/** The e-mail of a payment-link cart made by staff (docs/box-office.md): its total and its single-use link. */
export function paymentLinkMail(input: { to: string; firstName: string; cartNumber: string; total: string; link: string }): MailMessage {
  const intro = `Your booking ${input.cartNumber} is ready: ${input.total} to pay. Pay with this link (it works once):`;
  return {
    to: input.to,
    subject: `Your booking ${input.cartNumber} is ready to pay`,
    text: [`Hello ${input.firstName},`, intro, input.link].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.link)}">Pay for booking ${escapeHtml(input.cartNumber)}</a></p></body></html>`,
  };
}
