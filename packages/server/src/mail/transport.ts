import nodemailer from 'nodemailer';
import type { MailMessage } from './enqueue-mail.js';

/** Delivers one message; throws on failure (the worker retries). */
export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465`. */
export function smtpTransport(url: string, from: string, options: { timeoutMs?: number } = {}): MailTransport {
  const parsed = new URL(url);
  const timeout = options.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // A local relay without a certificate: allow ?tls=insecure explicitly.
    tls: parsed.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
    ignoreTLS: parsed.searchParams.get('starttls') === 'off',
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        // Inline images (cid): shown without the mail client fetching anything remote.
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, cid: a.cid, contentDisposition: 'inline' as const })),
      });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP configured: the outbox rows are the mailbox (GET /api/dev/mailbox in development). */
export function mailboxTransport(): MailTransport {
  return { name: 'mailbox', async send() {} };
}

export function transportFor(settings: { smtpUrl: string | null; mailFrom: string }): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.mailFrom) : mailboxTransport();
}
