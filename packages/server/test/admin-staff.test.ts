import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/staff/staff-command.js';
import { stepOf, totpCode } from '../src/staff/totp.js';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { documentChecker, freshCode, makeStaff, secretOf, signedIn } from './admin-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** Staff accounts, their sign-in and the audit log (docs/box-office.md). */
describe.each(dialects())('staff accounts and sign-in on %s', (dialect) => {
  let t: TestApp;
  let checker: Awaited<ReturnType<typeof documentChecker>>;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.8.0.${++ip}`);
  beforeAll(async () => {
    t = await testApp(dialect);
    checker = await documentChecker(t);
  });
  afterAll(() => t.close());

  async function cli(args: string[], stdin = '') {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(t.db, args, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from([stdin]), publicUrl: 'http://localhost:3000', now: t.clock.now });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('staff add prints a one-time set-password link that works once; list shows the member; a second add of the e-mail is refused', async () => {
    const added = await cli(['add', 'Desk@Example.org', '--role', 'box_office']);
    expect(added.code).toBe(0);
    expect(added.out).toContain('staff Desk@Example.org added as box_office');
    const token = /set-password\?token=(\S+)/.exec(added.out)![1];
    await expect(cli(['add', 'desk@example.org', '--role', 'door'])).rejects.toMatchObject({ code: 'email_in_use' });
    expect((await cli(['add', 'x@example.org', '--role', 'cashier'])).code).toBe(2);

    const b = browser();
    expect((await b.post('/api/admin/login', { email: 'desk@example.org', password: PASSWORD })).status).toBe(401);
    const weak = await b.post('/api/admin/password', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body._data[0]._code).toBe('validation_failed');
    const set = await b.post('/api/admin/password', { token, password: PASSWORD });
    expect(set.status).toBe(200);
    checker.check('POST', '/admin/password', 200, set.body);
    const again = await b.post('/api/admin/password', { token, password: 'Other-Horse-77' });
    expect(again.status).toBe(400);
    expect(again.body._data[0]._code).toBe('not_authorized');
    const login = await b.post('/api/admin/login', { email: 'DESK@example.org', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.admin_session.stage).toBe('totp_enrolment');

    const list = await cli(['list']);
    expect(list.out).toMatch(/Desk@Example\.org\tbox_office\tactive\tno totp/);
  });

  it('--password-stdin sets the password and --totp prints the otpauth URI; a door member is signed in by the password alone', async () => {
    const added = await cli(['add', 'script@example.org', '--role', 'admin', '--password-stdin', '--totp'], `${PASSWORD}\n`);
    expect(added.code).toBe(0);
    expect(added.out).not.toContain('set-password');
    const uri = /TOTP \(add to an authenticator app\): (\S+)/.exec(added.out)![1];
    expect(uri).toMatch(/^otpauth:\/\/totp\/Foyer%20box%20office%3Ascript%40example\.org\?secret=[A-Z2-7]{32}&/);
    await expect(cli(['add', 'weak@example.org', '--role', 'door', '--password-stdin'], 'password\n')).rejects.toMatchObject({ code: 'validation_failed' });

    const door = await makeStaff(t, 'door1@example.org', 'door');
    const b = browser();
    const login = await b.post('/api/admin/login', { email: 'door1@example.org', password: PASSWORD });
    expect(login.status).toBe(200);
    checker.check('POST', '/admin/login', 200, login.body);
    expect(login.body.admin_session).toMatchObject({ stage: 'complete', otpauth_uri: null });
    const me = await b.get('/api/admin/me');
    expect(me.status).toBe(200);
    checker.check('GET', '/admin/me', 200, me.body);
    expect(me.body.staff).toMatchObject({ id: door.staff.id, email: 'door1@example.org', role: 'door', disabled: false });
    expect(JSON.stringify(me.body)).not.toMatch(/hash|secret/);
  });

  it('the staff cookie: httpOnly, SameSite=Strict, path /api/admin, Secure under https', async () => {
    await makeStaff(t, 'door2@example.org', 'door');
    const b = browser();
    const login = await b.post('/api/admin/login', { email: 'door2@example.org', password: PASSWORD });
    const cookie = login.setCookies.find((c) => c.startsWith('foyer_staff='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/admin(;|$)/);
    expect(cookie).not.toMatch(/Secure/);

    const https = await testApp(dialect, { catalog: null, env: { FOYER_PUBLIC_URL: 'https://tickets.example.org' } });
    try {
      await makeStaff(https, 'door3@example.org', 'door');
      const res = await https.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'door3@example.org', password: PASSWORD }, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/foyer_staff=.*Secure/);
    } finally {
      await https.close();
    }
  });

  it('box office enrols TOTP with a QR code on first sign-in; the pending session opens nothing; a wrong, then a replayed code is refused', async () => {
    await cli(['add', 'clerk@example.org', '--role', 'box_office', '--password-stdin'], PASSWORD);
    const b = browser();
    const login = await b.post('/api/admin/login', { email: 'clerk@example.org', password: PASSWORD });
    expect(login.body.admin_session.stage).toBe('totp_enrolment');
    expect(login.body.admin_session.qr_code_svg).toMatch(/^<svg/);
    const secret = secretOf(login.body.admin_session.otpauth_uri);
    const pending = await b.get('/api/admin/me');
    expect(pending.status).toBe(401);
    expect(pending.body._data[0]._code).toBe('totp_required');
    expect((await b.get('/api/admin/audit')).status).toBe(401);

    const wrong = await b.post('/api/admin/login/totp', { code: totpCode(secret, stepOf(t.clock.now) + 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body._data[0]._code).toBe('totp_incorrect');
    const bad = await b.post('/api/admin/login/totp', { code: '12ab' });
    expect(bad.status).toBe(400);

    const pendingCookie = b.cookies.get('foyer_staff')!.value;
    const code = freshCode(t, secret);
    const ok = await b.post('/api/admin/login/totp', { code });
    expect(ok.status).toBe(200);
    checker.check('POST', '/admin/login/totp', 200, ok.body);
    expect(ok.body.staff.totp_enrolled).toBe(true);
    expect(b.cookies.get('foyer_staff')!.value).not.toBe(pendingCookie);
    expect((await b.get('/api/admin/me')).status).toBe(200);
    // The cookie seen before the second factor is dead.
    const old = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: `foyer_staff=${pendingCookie}` } });
    expect(old.statusCode).toBe(401);

    // Next sign-in: stage totp (no new QR code); the code just used does not work again.
    const c = browser();
    const second = await c.post('/api/admin/login', { email: 'clerk@example.org', password: PASSWORD });
    expect(second.body.admin_session).toMatchObject({ stage: 'totp', otpauth_uri: null, qr_code_svg: null });
    expect((await c.post('/api/admin/login/totp', { code })).body._data[0]._code).toBe('totp_incorrect');
    expect((await c.post('/api/admin/login/totp', { code: freshCode(t, secret) })).status).toBe(200);
  });

  it('no enumeration: an unknown e-mail, a wrong password and a disabled member get one answer', async () => {
    await makeStaff(t, 'gone@example.org', 'door');
    await cli(['disable', 'gone@example.org']);
    const answers = [];
    for (const [email, password] of [['nobody@example.org', PASSWORD], ['door1@example.org', 'Wrong-Horse-99'], ['gone@example.org', PASSWORD]]) {
      const res = await browser().post('/api/admin/login', { email, password });
      expect(res.status).toBe(401);
      expect(res.setCookies.filter((c) => c.startsWith('foyer_staff=') && !/Expires=Thu, 01 Jan 1970/.test(c))).toEqual([]);
      answers.push(res.body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]._data[0]).toMatchObject({ _code: 'not_authorized', _description: 'That e-mail address and password do not match a staff account.' });
  });

  it('sign-in is rate limited like the storefront login: guessing one e-mail from one address stops at 10', async () => {
    const b = browser();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await b.post('/api/admin/login', { email: 'door1@example.org', password: `Wrong-Horse-${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another address may still sign in.
    expect((await browser().post('/api/admin/login', { email: 'door1@example.org', password: PASSWORD })).status).toBe(200);
  });

  it('a storefront session opens no staff route, and a staff session no storefront route', async () => {
    await createUser(t.db, { email: 'member@example.org' });
    const shopper = browser();
    expect((await shopper.post('/api/login', { username: 'member@example.org', password: PASSWORD })).status).toBe(200);
    expect((await shopper.get('/api/my/user')).status).toBe(200);
    const refused = await shopper.get('/api/admin/me');
    expect(refused.status).toBe(401);
    expect(refused.body._data[0]._code).toBe('not_authorized');

    const staff = await signedIn(t, { staff: { email: 'door1@example.org' }, secret: null }, '10.8.9.9');
    const cookie = `foyer_staff=${staff.cookies.get('foyer_staff')!.value}`;
    const my = await t.app.inject({ method: 'GET', url: '/api/my/user', headers: { app: 'ecomm', cookie } });
    expect(my.statusCode).toBe(401);
    // The storefront's session cookie, named like the staff one's value, opens nothing either.
    const swapped = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: `foyer_session=${shopper.cookies.get('foyer_session')!.value}` } });
    expect(swapped.statusCode).toBe(401);
  });

  it('a session ends after the idle timeout (30 minutes by default) and when its member is disabled; logout ends it', async () => {
    const door = await makeStaff(t, 'door4@example.org', 'door');
    const b = await signedIn(t, door);
    t.clock.advance(29 * 60_000);
    expect((await b.get('/api/admin/me')).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await b.get('/api/admin/me')).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await b.get('/api/admin/me')).status).toBe(401);

    const again = await signedIn(t, door);
    await cli(['disable', 'door4@example.org']);
    expect((await again.get('/api/admin/me')).status).toBe(401);
    expect((await browser().post('/api/admin/login', { email: 'door4@example.org', password: PASSWORD })).status).toBe(401);

    const b2 = await signedIn(t, { staff: { email: 'door1@example.org' }, secret: null }, '10.8.9.10');
    const out = await b2.post('/api/admin/logout');
    expect(out.status).toBe(200);
    checker.check('POST', '/admin/logout', 200, out.body);
    expect((await b2.get('/api/admin/me')).status).toBe(401);
  });

  it('the audit log: staff management is written with who, what, before and after; filterable; admins only', async () => {
    const admin = await makeStaff(t, 'boss@example.org', 'admin');
    const door = await signedIn(t, { staff: { email: 'door1@example.org' }, secret: null }, '10.8.9.11');
    const forbidden = await door.get('/api/admin/audit');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body._data[0]._code).toBe('forbidden_role');

    const b = await signedIn(t, admin);
    const all = await b.get('/api/admin/audit?_limit=200');
    expect(all.status).toBe(200);
    checker.check('GET', '/admin/audit', 200, all.body);
    const disabled = await b.get('/api/admin/audit?action=staff.disable&object_type=staff');
    const entries = disabled.body.audit_entry._data;
    expect(entries.length).toBe(2);
    expect(entries[0]).toMatchObject({ staff_email: 'cli', action: 'staff.disable', before: { email: 'door4@example.org', disabled: false }, after: { disabled: true } });
    expect(disabled.body._total).toBe(2);
    const page = await b.get('/api/admin/audit?_limit=1&_offset=1&action=staff.add');
    expect(page.body.audit_entry._data.length).toBe(1);
    expect(page.body._limit).toEqual([1, 1]);
    const enrol = await b.get(`/api/admin/audit?action=staff.enrol_totp&staff_email=clerk@example.org`);
    expect(enrol.body.audit_entry._total).toBe(1);
    expect((await b.get('/api/admin/audit?from=yesterday')).status).toBe(400);
    const future = await b.get(`/api/admin/audit?from=${encodeURIComponent(new Date(t.clock.now.getTime() + 1000).toISOString())}`);
    expect(future.body.audit_entry._data).toEqual([]);
  });
});
