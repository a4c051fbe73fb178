import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { enqueueMail } from '../src/mail/enqueue-mail.js';
import { MAX_ATTEMPTS, processOutbox, STALE_CLAIM_MS, startMailWorker } from '../src/mail/mail-worker.js';
import { smtpTransport, type MailTransport } from '../src/mail/transport.js';
import { readSettings, SettingsError } from '../src/settings.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { localSmtp } from './local-smtp.js';

const message = (to: string, n = 1) => ({ to, subject: `Hello ${n}`, text: `Plain body ${n}`, html: `<p>HTML body ${n}</p>` });

describe.each(dialects())('mail outbox on %s', (dialect) => {
  let t: TestApp;
  const servers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: null });
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await t.db.deleteFrom('outbox').execute();
  });
  afterAll(() => t.close());

  const statusOf = async (id: string) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends through a real SMTP server with authentication: from, to, subject, text and html arrive', async () => {
    const smtp = await localSmtp({ auth: { user: 'mailer', pass: 's3cret:/@' } });
    servers.push(smtp);
    const transport = smtpTransport(`smtp://mailer:${encodeURIComponent('s3cret:/@')}@127.0.0.1:${smtp.port}?starttls=off`, 'Foyer Box Office <box@foyer.test>');
    const id = await enqueueMail(t.db, message('Visitor@Example.com'), t.clock.now);
    const result = await processOutbox({ db: t.db, transport, now: () => t.clock.now });
    transport.close?.();
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'box@foyer.test', to: ['visitor@example.com'], user: 'mailer' });
    expect(mail.raw).toMatch(/^Subject: Hello 1$/m);
    expect(mail.raw).toMatch(/^From: Foyer Box Office <box@foyer.test>$/m);
    expect(mail.raw).toContain('Plain body 1');
    expect(mail.raw).toContain('<p>HTML body 1</p>');
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: t.clock.now.toISOString() });
  });

  it('retries a refused message later with a growing delay, then marks it failed; others still go', async () => {
    const smtp = await localSmtp({ rejectRcpt: 'bounce@example.com' });
    servers.push(smtp);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?starttls=off`, 'box@foyer.test');
    const bad = await enqueueMail(t.db, message('bounce@example.com'), t.clock.now);
    const good = await enqueueMail(t.db, message('fine@example.com', 2), t.clock.now);
    const start = t.clock.now.getTime();
    expect(await processOutbox({ db: t.db, transport, now: () => t.clock.now })).toEqual({ sent: 1, retried: 1, failed: 0 });
    expect(await statusOf(good)).toMatchObject({ status: 'sent' });
    let row = await statusOf(bad);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(start + 30_000).toISOString() });
    expect(row.last_error).toMatch(/Mailbox unavailable/);
    // Not due yet: nothing happens.
    expect(await processOutbox({ db: t.db, transport, now: () => t.clock.now })).toEqual({ sent: 0, retried: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.clock.advance(30_000 * 2 ** (attempt - 2));
      await processOutbox({ db: t.db, transport, now: () => t.clock.now });
    }
    transport.close?.();
    row = await statusOf(bad);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['fine@example.com']);
  });

  it('a wrong SMTP password is a failed attempt, and the password is not in the stored error', async () => {
    const smtp = await localSmtp({ auth: { user: 'mailer', pass: 'right' } });
    servers.push(smtp);
    const transport = smtpTransport(`smtp://mailer:wrong-secret-value@127.0.0.1:${smtp.port}?starttls=off`, 'box@foyer.test');
    const id = await enqueueMail(t.db, message('x@example.com'), t.clock.now);
    expect(await processOutbox({ db: t.db, transport, now: () => t.clock.now })).toEqual({ sent: 0, retried: 1, failed: 0 });
    transport.close?.();
    const row = await statusOf(id);
    expect(row.status).toBe('pending');
    expect(row.last_error).not.toContain('wrong-secret-value');
    expect(smtp.received).toHaveLength(0);
  });

  it('claims each message once when several workers run at the same time', async () => {
    const sent: string[] = [];
    const slow: MailTransport = {
      name: 'mailbox',
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.to);
      },
    };
    for (let i = 0; i < 30; i++) await enqueueMail(t.db, message(`r${i}@example.com`, i), t.clock.now);
    const results = await Promise.all(Array.from({ length: 4 }, () => processOutbox({ db: t.db, transport: slow, now: () => t.clock.now, batch: 50 })));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(sent.length).toBe(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('takes over a message a crashed worker left in sending', async () => {
    const sent: string[] = [];
    const transport: MailTransport = { name: 'mailbox', send: (m) => { sent.push(m.to); return Promise.resolve(); } };
    const id = await enqueueMail(t.db, message('stuck@example.com'), t.clock.now);
    await t.db.updateTable('outbox').set({ status: 'sending', claimed_at: t.clock.now.toISOString(), attempts: 1 }).where('id', '=', id).execute();
    await processOutbox({ db: t.db, transport, now: () => t.clock.now });
    expect(sent).toEqual([]);
    t.clock.advance(STALE_CLAIM_MS + 1000);
    await processOutbox({ db: t.db, transport, now: () => t.clock.now });
    expect(sent).toEqual(['stuck@example.com']);
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('the worker started by the server polls and sends, and stops cleanly', async () => {
    const sent: string[] = [];
    const transport: MailTransport = { name: 'mailbox', send: (m) => { sent.push(m.to); return Promise.resolve(); } };
    const stop = startMailWorker({ db: t.db, transport, now: () => t.clock.now, intervalMs: 20 });
    await enqueueMail(t.db, message('polled@example.com'), t.clock.now);
    for (let i = 0; i < 100 && !sent.length; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(sent).toEqual(['polled@example.com']);
  });

  it('shows the mailbox at GET /api/dev/mailbox in development, not in production', async () => {
    await enqueueMail(t.db, message('Box@Example.com', 7), t.clock.now);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=box@example.com' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).mailbox._data).toEqual([
      expect.objectContaining({ to: 'box@example.com', subject: 'Hello 7', text: 'Plain body 7', html: '<p>HTML body 7</p>', status: 'pending', created_at: t.clock.now.toISOString() }),
    ]);
    const prod = await buildApp({ db: t.db, dialect, settings: { ...readSettings({ NODE_ENV: 'production' }), webDist: '/nonexistent' }, now: () => t.clock.now });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('mail settings', () => {
  it('reads SMTP_URL, FOYER_MAIL_FROM and FOYER_PUBLIC_URL, with defaults', () => {
    expect(readSettings({})).toMatchObject({ smtpUrl: null, mailFrom: 'Foyer <no-reply@localhost>', publicUrl: 'http://localhost:3000', devRoutes: true });
    const s = readSettings({ SMTP_URL: 'smtps://u:p@mail.example.com:465', FOYER_MAIL_FROM: 'Shop <shop@example.com>', FOYER_PUBLIC_URL: 'https://shop.example.com/', NODE_ENV: 'production' });
    expect(s).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', mailFrom: 'Shop <shop@example.com>', publicUrl: 'https://shop.example.com', devRoutes: false });
  });

  it('lists invalid mail settings', () => {
    try {
      readSettings({ SMTP_URL: 'http://mail', FOYER_MAIL_FROM: 'nobody', FOYER_PUBLIC_URL: 'shop.example.com' });
      throw new Error('expected a SettingsError');
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as SettingsError).problems.join('\n')).toMatch(/SMTP_URL[\s\S]*FOYER_MAIL_FROM[\s\S]*FOYER_PUBLIC_URL/);
    }
  });
});

describe('logs', () => {
  it('redact reset tokens and passcodes in logged URLs', async () => {
    const { redactSecretsInUrl } = await import('../src/auth/log-redaction.js');
    expect(redactSecretsInUrl('/user/reset-password?token=abc_DEF-123&next=/x')).toBe('/user/reset-password?token=[redacted]&next=/x');
    expect(redactSecretsInUrl('/?otp=123456')).toBe('/?otp=[redacted]');
    expect(redactSecretsInUrl('/events?date=today')).toBe('/events?date=today');
  });
});
