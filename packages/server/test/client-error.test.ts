import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { redactSecretsInUrl, redactText } from '../src/auth/log-redaction.js';
import { readSettings } from '../src/settings.js';
import { dialects, freshDatabase } from './harness.js';

/** POST client_error (docs/api.md#errors error reporting): logged at warn with personal data masked; limited per address. */
describe.each(dialects())('client error reports on %s', (dialect) => {
  const lines: Record<string, unknown>[] = [];
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    db = await freshDatabase(dialect);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp({ db: db.db, dialect, settings: { ...readSettings({}), webDist: '/nonexistent' }, now: () => new Date('2026-06-01T16:00:00.000Z') }, { logger: { level: 'warn', stream } });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const report = (body: unknown, ip = '10.20.0.1') => app.inject({ method: 'POST', url: '/api/client_error', payload: body as object, remoteAddress: ip });

  it('logs the report with its request id, e-mails, names, passwords and answers masked', async () => {
    const res = await report({
      source: 'api',
      message: 'Request failed for ada@example.com with {"first_name":"Ada","password":"hunter2","additional_info":{"dietary":"vegan"}}',
      page: '/manage/o-1?key=SECRETKEY',
      stack: 'Error: boom\n    at pay (checkout.js:1:2) email=grace@example.org',
      method: 'POST',
      path: '/api/cart/c-1/pay?otp=123456',
      status: 500,
      code: 'internal_error',
      request_id: 'req-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const logged = lines.find((l) => l.msg === 'client error')!;
    expect(logged.level).toBe(40);
    const text = JSON.stringify(logged);
    for (const secret of ['ada@example.com', 'grace@example.org', 'hunter2', 'vegan', '"Ada"', 'SECRETKEY', '123456']) expect(text, secret).not.toContain(secret);
    expect(logged.client_error).toMatchObject({ source: 'api', status: 500, code: 'internal_error', failed_request_id: 'req-42', page: '/manage/o-1?key=[redacted]', call: 'POST /api/cart/c-1/pay?otp=[redacted]' });
    expect((logged.client_error as { message: string }).message).toContain('[email]');
  });

  it('refuses a report that is not one (unknown fields, no message, too long)', async () => {
    expect((await report({ source: 'window_error', message: 'x', page: '/', extra: 1 })).statusCode).toBe(400);
    expect((await report({ source: 'window_error', message: '', page: '/' })).statusCode).toBe(400);
    expect((await report({ source: 'window_error', message: 'x'.repeat(1001), page: '/' })).statusCode).toBe(400);
    expect((await report({ source: 'nonsense', message: 'x', page: '/' })).statusCode).toBe(400);
  });

  it('takes 30 reports from an address in 15 minutes, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await report({ source: 'window_error', message: `loop ${i}`, page: '/' }, '10.20.0.99')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await report({ source: 'window_error', message: 'other address', page: '/' }, '10.20.0.100')).statusCode).toBe(200);
  });
});

describe('log redaction', () => {
  it('masks secrets in logged URLs: reset tokens, passcodes, manage keys, member logins', () => {
    expect(redactSecretsInUrl('/manage/o-1?key=abc&x=1')).toBe('/manage/o-1?key=[redacted]&x=1');
    expect(redactSecretsInUrl('/events?member_code=M1&zip_code=10001&login.last_name=Byron')).toBe('/events?member_code=[redacted]&zip_code=[redacted]&login.last_name=[redacted]');
    expect(redactSecretsInUrl('/events?date=today')).toBe('/events?date=today');
  });

  it('masks e-mails and personal fields in free text', () => {
    expect(redactText("admit_name: 'Ada Lovelace', phone=555-0100 and bob@example.co.uk")).toBe("admit_name: [redacted], phone=[redacted] and [email]");
    expect(redactText('nothing personal here')).toBe('nothing personal here');
  });
});
