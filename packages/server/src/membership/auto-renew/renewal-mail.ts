import { escapeHtml as escape } from '../../mail/escape-html.js';
import type { MailMessage } from '../../mail/enqueue-mail.js';

/** The auto-renew e-mails (docs/memberships.md#8-auto-renew): before the charge, after a failed one, and when it lapses. */

interface Member {
  email: string;
  first_name: string;
}

const message = (to: string, subject: string, paragraphs: string[], link: { url: string; label: string }): MailMessage => ({
  to,
  subject,
  text: [...paragraphs, `${link.label}: ${link.url}`].join('\n\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}<p><a href="${escape(link.url)}">${escape(link.label)}</a></p></body></html>`,
});

export function reminderMail(m: Member, input: { level: string; chargeOn: string; amount: string; card: string; myUrl: string }): MailMessage {
  return message(
    m.email,
    `Your ${input.level} membership renews soon`,
    [`Hello ${m.first_name},`, `Your ${input.level} membership renews automatically on ${input.chargeOn}: we will charge ${input.amount} to your ${input.card}.`, 'Nothing to do if that suits you. To stop it, cancel automatic renewal from your account.'],
    { url: input.myUrl, label: 'Your membership' },
  );
}

export function renewalFailedMail(m: Member, input: { level: string; reason: string; retryOn: string; renewUrl: string }): MailMessage {
  return message(
    m.email,
    `We could not renew your ${input.level} membership`,
    [`Hello ${m.first_name},`, `We tried to renew your ${input.level} membership with your saved card, but the payment did not go through (${input.reason}).`, `We will try again on ${input.retryOn}. You can also renew now yourself.`],
    { url: input.renewUrl, label: 'Renew your membership' },
  );
}

export function renewalLapsedMail(m: Member, input: { level: string; renewUrl: string }): MailMessage {
  return message(
    m.email,
    `Your ${input.level} membership was not renewed`,
    [`Hello ${m.first_name},`, `We could not renew your ${input.level} membership with your saved card, so automatic renewal has stopped.`, 'You can still renew it yourself at any time.'],
    { url: input.renewUrl, label: 'Renew your membership' },
  );
}
