import { AUTH_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, PASSWORD, createUser, errorOf, knownAndUnknown, mailbox, median, resetTokenOf } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

describe.each(dialects())('account recovery on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.5.0.${++ip}`);
  const linkFor = async (email: string) => {
    const res = await browser().post('/api/password_reset/request', { email });
    expect(res.status).toBe(200);
    const [mail] = await mailbox(t.app, email);
    return decodeURIComponent(resetTokenOf(mail.text)!);
  };

  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'reset@example.com', first_name: 'Rita' });
    await createUser(t.db, { email: 'member@example.com', scan_code: 'M-2001', first_name: 'Mo' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it('answers known and unknown addresses alike (status, body, time) and mails only the known', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    let bodies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [email, times] of [['reset@example.com', known], [`nobody${i}@example.com`, unknown]] as const) {
        const started = performance.now();
        const res = await browser().post('/api/password_reset/request', { email });
        times.push(performance.now() - started);
        expect(res.status).toBe(200);
        bodies.push(res.body);
      }
      await t.db.deleteFrom('rate_limit').execute();
    }
    bodies = [...new Set(bodies.map((b) => JSON.stringify(b)))];
    expect(bodies).toEqual([JSON.stringify({ requested: true })]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(245);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
    expect(await mailbox(t.app, 'nobody0@example.com')).toEqual([]);
    const mails = await mailbox(t.app, 'reset@example.com');
    expect(mails.length).toBe(3);
    expect(mails[0]).toMatchObject({ subject: 'Reset your password' });
    expect(mails[0].text).toMatch(/^Hello Rita,/);
    expect(mails[0].text).toContain('http://localhost:3000/user/reset-password?token=');
    expect(mails[0].html).toContain('href="http://localhost:3000/user/reset-password?token=');
  });

  it('validates the link, resets the password once, ends every session, and the new password logs in', async () => {
    const session = new Browser(t.app, '10.5.9.1');
    expect((await session.post('/api/login', { username: 'reset@example.com', password: PASSWORD })).status).toBe(200);
    const token = await linkFor('reset@example.com');
    const b = browser();
    const valid = await b.post('/api/password_reset/validate', { token });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ email: 'reset@example.com' });
    const done = await b.post('/api/password_reset/reset', { token, password: 'Brand-New-Pass-3' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: 'reset@example.com' });
    expect((await session.get('/api/my/user')).status).toBe(401);
    expect((await browser().post('/api/login', { username: 'reset@example.com', password: PASSWORD })).status).toBe(401);
    expect((await browser().post('/api/login', { username: 'reset@example.com', password: 'Brand-New-Pass-3' })).status).toBe(200);

    for (const call of ['validate', 'reset'] as const) {
      const used = await b.post(`/api/password_reset/${call}`, call === 'reset' ? { token, password: 'Other-Pass-44' } : { token });
      expect(used.status).toBe(400);
      expect(errorOf(used.body)).toMatchObject({ _code: 'validate_failed', _description: 'This reset link is not valid. It may have expired.' });
    }
    // Put the old password back for other tests.
    const again = await linkFor('reset@example.com');
    expect((await b.post('/api/password_reset/reset', { token: again, password: PASSWORD })).status).toBe(200);
  });

  it('a newer reset makes older links stop working', async () => {
    const older = await linkFor('reset@example.com');
    const newer = await linkFor('reset@example.com');
    expect((await browser().post('/api/password_reset/reset', { token: newer, password: PASSWORD })).status).toBe(200);
    expect(errorOf((await browser().post('/api/password_reset/validate', { token: older })).body)._code).toBe('validate_failed');
  });

  it('answers not_found for an unknown token and validate_failed after an hour', async () => {
    const unknown = await browser().post('/api/password_reset/validate', { token: 'not-a-token' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toMatchObject({ _code: 'not_found', _description: AUTH_TEXT.resetLinkInvalid });
    const token = await linkFor('reset@example.com');
    t.clock.advance(60 * 60_000);
    const expired = await browser().post('/api/password_reset/validate', { token });
    expect(expired.status).toBe(400);
    expect(errorOf(expired.body)._code).toBe('validate_failed');
  });

  it('refuses a weak new password (400) and keeps the link usable', async () => {
    const token = await linkFor('reset@example.com');
    const weak = await browser().post('/api/password_reset/reset', { token, password: 'password' });
    expect(weak.status).toBe(400);
    expect(errorOf(weak.body)._description).toMatch(/^password: Invalid password/);
    expect((await browser().post('/api/password_reset/validate', { token })).status).toBe(200);
  });

  it('forgot membership e-mails the member id; unknown addresses get the same answer and nothing', async () => {
    const known = await browser().post('/api/forgot_membership', { email: 'MEMBER@example.com' });
    const unknown = await browser().post('/api/forgot_membership', { email: 'stranger@example.com' });
    const noMember = await browser().post('/api/forgot_membership', { email: 'reset@example.com' });
    for (const res of [known, unknown, noMember]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ requested: true });
    }
    const [mail] = await mailbox(t.app, 'member@example.com');
    expect(mail).toMatchObject({ subject: 'Your member ID' });
    expect(mail.text).toContain('Your member ID is M-2001.');
    expect(await mailbox(t.app, 'stranger@example.com')).toEqual([]);
    expect((await mailbox(t.app, 'reset@example.com')).some((m) => m.subject === 'Your member ID')).toBe(false);
  });

  it('forgot membership takes as long for an unknown address as for a member’s (at least 250 ms each)', async () => {
    const runs = await knownAndUnknown((email) => browser().post('/api/forgot_membership', { email }), 'member@example.com', 3, () => t.db.deleteFrom('rate_limit').execute());
    const all = [...runs.known, ...runs.unknown];
    expect(new Set(all.map((r) => `${r.status} ${JSON.stringify(r.body)}`))).toEqual(new Set(['200 {"requested":true}']));
    expect(Math.min(...all.map((r) => r.ms))).toBeGreaterThanOrEqual(245);
    expect(Math.abs(median(runs.known.map((r) => r.ms)) - median(runs.unknown.map((r) => r.ms)))).toBeLessThan(100);
    expect((await mailbox(t.app, 'member@example.com')).filter((m) => m.subject === 'Your member ID').length).toBeGreaterThanOrEqual(3);
  });

  it('never mails a placeholder (no-email+) address', async () => {
    await createUser(t.db, { email: 'no-email+m9@example.com', scan_code: 'M-9', password: null });
    for (const url of ['/api/password_reset/request', '/api/forgot_membership', '/api/login/request_otp']) {
      expect((await browser().post(url, { email: 'no-email+m9@example.com' })).status).toBe(200);
    }
    expect(await mailbox(t.app, 'no-email+m9@example.com')).toEqual([]);
  });

  it('refuses a request that is not an e-mail address', async () => {
    const res = await browser().post('/api/password_reset/request', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)._description).toBe('email: Email address is not valid.');
  });
});
