import { AUTH_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, codeOf, createUser, deliverMail, errorOf, knownAndUnknown, mailbox, median } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

describe.each(dialects())('e-mail passcode login on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.2.0.${++ip}`);

  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'otp@example.com', first_name: 'Otto' });
    await createUser(t.db, { email: 'nopass@example.com', password: null });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  /** Requests a passcode, delivers the mail, moves past the ready delay; returns token and code. */
  async function requested(b: Browser, email: string) {
    const res = await b.post('/api/login/request_otp', { email });
    expect(res.status).toBe(200);
    await deliverMail(t);
    t.clock.advance(2000);
    // An unknown address gets no mail, so there may be none.
    const mail = (await mailbox(t.app, email)).at(0);
    return { token: res.body.token as string, code: mail ? codeOf(mail.text) : null, mail };
  }

  it('answers request_otp with the same shape for known and unknown addresses; mails only the known', async () => {
    const known = await browser().post('/api/login/request_otp', { email: 'OTP@example.com' });
    const unknown = await browser().post('/api/login/request_otp', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body)).toEqual(['token']);
    expect(Object.keys(unknown.body)).toEqual(['token']);
    expect(known.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unknown.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailbox(t.app, 'ghost@example.com')).toEqual([]);
    const [mail] = await mailbox(t.app, 'otp@example.com');
    expect(mail.subject).toMatch(/^Your login passcode: \d{6}$/);
    expect(mail.text).toContain(`http://localhost:3000/?otp=${codeOf(mail.text)}`);
  });

  it('takes as long for an unknown address as for a known one (at least 250 ms each)', async () => {
    const runs = await knownAndUnknown((email) => browser().post('/api/login/request_otp', { email }), 'otp@example.com', 3, () => t.db.deleteFrom('rate_limit').execute());
    const all = [...runs.known, ...runs.unknown];
    expect(new Set(all.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(all.map((r) => Object.keys(r.body as object).join()))).toEqual(new Set(['token']));
    expect(Math.min(...all.map((r) => r.ms))).toBeGreaterThanOrEqual(245);
    expect(Math.abs(median(runs.known.map((r) => r.ms)) - median(runs.unknown.map((r) => r.ms)))).toBeLessThan(100);
  });

  it('answers not_available_yet until the passcode has been sent, then logs in with it', async () => {
    const b = browser();
    const res = await b.post('/api/login/request_otp', { email: 'otp@example.com' });
    const [mail] = await mailbox(t.app, 'otp@example.com');
    const code = codeOf(mail.text)!;
    const early = await b.post('/api/login', { token: res.body.token, otp: code });
    expect(early.status).toBe(401);
    expect(errorOf(early.body)).toMatchObject({ _code: 'not_available_yet', _description: AUTH_TEXT.otpNotYet });
    t.clock.advance(2000);
    const unsent = await b.post('/api/login', { token: res.body.token, otp: code });
    expect(errorOf(unsent.body)._code).toBe('not_available_yet');
    await deliverMail(t);
    expect((await mailbox(t.app, 'otp@example.com'))[0].status).toBe('sent');
    const ok = await b.post('/api/login', { token: res.body.token, otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.user._data[0].email).toBe('otp@example.com');
    expect((await b.get('/api/my/user')).status).toBe(200);
    // Single use.
    const again = await browser().post('/api/login', { token: res.body.token, otp: code });
    expect(errorOf(again.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.otpNotAuthorized });
  });

  it('counts wrong passcodes: otp_incorrect with remaining attempts 2, 1, 0, then not_authorized even for the right one', async () => {
    const b = browser();
    const { token, code } = await requested(b, 'otp@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const remaining: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await b.post('/api/login', { token, otp: wrong });
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toMatchObject({ _code: 'otp_incorrect', _description: 'The passcode you entered is invalid.' });
      remaining.push(errorOf(res.body)._extra);
    }
    expect(remaining).toEqual([{ remaining_attempts: 2 }, { remaining_attempts: 1 }, { remaining_attempts: 0 }]);
    const locked = await b.post('/api/login', { token, otp: code });
    expect(errorOf(locked.body)._code).toBe('not_authorized');
  });

  it('accepts the right passcode after a wrong one', async () => {
    const b = browser();
    const { token, code } = await requested(b, 'otp@example.com');
    await b.post('/api/login', { token, otp: code === '000000' ? '111111' : '000000' });
    expect((await b.post('/api/login', { token, otp: ` ${code} ` })).status).toBe(200);
  });

  it('answers otp_token_expired after 10 minutes', async () => {
    const b = browser();
    const { token, code } = await requested(b, 'otp@example.com');
    t.clock.advance(10 * 60_000);
    const res = await b.post('/api/login', { token, otp: code });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ _code: 'otp_token_expired', _description: AUTH_TEXT.otpExpired });
  });

  it('answers not_authorized for an unknown token, and a token for an unknown address behaves like a wrong code', async () => {
    const unknownToken = await browser().post('/api/login', { token: 'x'.repeat(43), otp: '123456' });
    expect(unknownToken.status).toBe(401);
    expect(errorOf(unknownToken.body)._code).toBe('not_authorized');
    const b = browser();
    const ghost = await requested(b, 'ghost@example.com');
    const known = await requested(b, 'otp@example.com');
    const a = await b.post('/api/login', { token: ghost.token, otp: '123456' });
    const k = await b.post('/api/login', { token: known.token, otp: known.code === '123456' ? '654321' : '123456' });
    expect(a.status).toBe(k.status);
    expect(a.body).toEqual(k.body);
  });

  it('lets exactly one of several simultaneous checks of the right passcode in', async () => {
    const b = browser();
    const { token, code } = await requested(b, 'otp@example.com');
    const results = await Promise.all(Array.from({ length: 5 }, () => browser().post('/api/login', { token, otp: code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401).map((r) => errorOf(r.body)._code)).toEqual(Array(4).fill('not_authorized'));
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await browser().get('/api/openapi.json')).body;
    expect(doc.paths['/login'].post.responses['401'].description).toMatch(/otp_incorrect/);
    expect(doc.paths['/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('otp');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/login/request_otp', '/logout', '/user', '/my/user', '/password_reset/reset', '/forgot_membership']));
  });

  it('logs in an account without a password (passcodes need none)', async () => {
    const b = browser();
    const { token, code } = await requested(b, 'nopass@example.com');
    expect((await b.post('/api/login', { token, otp: code })).status).toBe(200);
  });

  it('refuses passcodes that are not 6 characters, and the otp method when disabled', async () => {
    const short = await browser().post('/api/login', { token: 'abc', otp: '12345' });
    expect(short.status).toBe(400);
    expect(errorOf(short.body)._description).toBe('otp: Enter your 6-character code');
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: 'auth-methods-otp-test', seller_id: seller.id, resource_id: seller.id, namespace: 'auth', name: 'methods', value: '["password"]' }).execute();
    const off = await browser().post('/api/login', { token: 'abc', otp: '123456' });
    await t.db.deleteFrom('config_entry').where('id', '=', 'auth-methods-otp-test').execute();
    expect(errorOf(off.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.methodUnavailable });
  });
});
