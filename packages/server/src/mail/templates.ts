import { escapeHtml as escape } from './escape-html.js';
import type { MailMessage } from './enqueue-mail.js';


function html(paragraphs: string[], link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n');
  const button = link ? `\n<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif">\n${body}${button}\n</body></html>`;
}

export function loginCodeMail(input: { to: string; firstName: string; code: string; link: string; minutes: number }): MailMessage {
  const lines = [`Hello ${input.firstName},`, `Your login passcode is ${input.code}. It is valid for ${input.minutes} minutes and can be used once.`, 'If you did not ask to log in, you can ignore this e-mail.'];
  return {
    to: input.to,
    subject: `Your login passcode: ${input.code}`,
    text: `${lines.join('\n\n')}\n\nOr open this link to log in:\n${input.link}\n`,
    html: html(lines, { href: input.link, label: 'Log in' }),
  };
}

export function passwordResetMail(input: { to: string; firstName: string; link: string; minutes: number; setPassword: boolean }): MailMessage {
  const what = input.setPassword ? 'set a password for your account' : 'reset your password';
  const lines = [`Hello ${input.firstName},`, `Use the link below to ${what}. The link is valid for ${input.minutes} minutes and can be used once.`, 'If you did not ask for this, you can ignore this e-mail.'];
  return {
    to: input.to,
    subject: input.setPassword ? 'Set your password' : 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html: html(lines, { href: input.link, label: input.setPassword ? 'Set password' : 'Reset password' }),
  };
}

export function emailChangedMail(input: { to: string; firstName: string; newEmail: string }): MailMessage {
  const lines = [`Hello ${input.firstName},`, `The e-mail address of your account was changed to ${input.newEmail}.`, 'If you did not make this change, please contact us.'];
  return { to: input.to, subject: 'Your e-mail address was changed', text: `${lines.join('\n\n')}\n`, html: html(lines) };
}

export function memberIdMail(input: { to: string; firstName: string; scanCode: string }): MailMessage {
  const lines = [`Hello ${input.firstName},`, `Your member ID is ${input.scanCode}.`, 'If you did not ask for this, you can ignore this e-mail.'];
  return { to: input.to, subject: 'Your member ID', text: `${lines.join('\n\n')}\n`, html: html(lines) };
}
