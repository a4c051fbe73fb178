import { AUTH_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, PASSWORD, createUser, deliverMail, errorOf, mailbox, resetTokenOf, setLoginMethods } from './auth-harness.js';
import { catalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('login on %s', (dialect) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  let ip = 0;
  /** A new browser on a new IP address, so the per-IP limits of one test do not touch another. */
  const browser = () => new Browser(t.app, `10.1.0.${++ip}`);

  beforeAll(async () => {
    t = await testApp(dialect);
    ids = await catalogIds(t.db);
    await createUser(t.db, { email: 'Ada@Example.com' });
    await createUser(t.db, { email: 'guest@example.com', password: null, first_name: 'Gus' });
    await createUser(t.db, { email: 'member@example.com', scan_code: 'M-1001', zip_code: '12345-6789', last_name: "O'Brien" });
    await createUser(t.db, { email: 'no-email+m1002@example.com', scan_code: 'M-1002', zip_code: '54321', password: null });
    await createUser(t.db, { email: 'memguest@example.com', scan_code: 'M-1003', zip_code: '11111', password: null, first_name: 'Mia' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setLoginMethods(t.db, ['password', 'otp']);
    await t.db.deleteFrom('rate_limit').execute();
  });

  it('logs in with e-mail (any case) and password: session cookies, then my/user', async () => {
    const b = browser();
    const res = await b.post('/api/login', { username: 'ada@EXAMPLE.com ', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject({ email: 'Ada@Example.com', first_name: 'Ada', has_password: true });
    expect(res.body.identity._data[0]).toMatchObject({ kind: 'user', id: res.body.user._data[0].identity_id });
    expect(res.body.session.expires_at).toBe('2026-06-01T18:00:00.000Z');
    const session = res.setCookies.find((c) => c.startsWith('foyer_session='))!;
    const expires = res.setCookies.find((c) => c.startsWith('session_expires='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(expires).not.toMatch(/HttpOnly/i);
    expect(expires).toMatch(/^session_expires=2026-06-01T18:00:00.000Z;/);

    const me = await b.get('/api/my/user?_embed=identity,identity.meta');
    expect(me.status).toBe(200);
    expect(me.body.user._data[0].email).toBe('Ada@Example.com');
    expect(me.body.identity._data[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com' });
    expect(me.body.meta._data[0].resource_id).toBe(me.body.identity._data[0].id);
  });

  it('answers a wrong password and an unknown e-mail alike: 401 incorrect_password with the spec text', async () => {
    const wrong = await browser().post('/api/login', { username: 'ada@example.com', password: 'Wrong-Password-1' });
    const unknown = await browser().post('/api/login', { username: 'nobody@example.com', password: 'Wrong-Password-1' });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong.body)).toMatchObject({ _code: 'incorrect_password', _description: 'That is not the correct password. Please try again.' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
  });

  it('answers guest_account for an account without a password and e-mails a link to set one', async () => {
    const res = await browser().post('/api/login', { username: 'guest@example.com', password: 'Any-Password-1' });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ _code: 'guest_account', _description: AUTH_TEXT.guestAccount });
    expect(AUTH_TEXT.guestAccount).toBe('Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.');
    const [mail] = await mailbox(t.app, 'guest@example.com');
    expect(mail.subject).toBe('Set your password');
    const token = decodeURIComponent(resetTokenOf(mail.text)!);
    const b = browser();
    expect((await b.post('/api/password_reset/reset', { token, password: 'New-Password-2' })).status).toBe(200);
    expect((await b.post('/api/login', { username: 'guest@example.com', password: 'New-Password-2' })).status).toBe(200);
  });

  it('refuses a method the seller has not enabled, and every method when set to none', async () => {
    const res = await browser().post('/api/login', { scan_code: 'M-1001', zip_code: '12345' });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.methodUnavailable });
    await setLoginMethods(t.db, 'none');
    const none = await browser().post('/api/login', { username: 'ada@example.com', password: PASSWORD });
    expect(errorOf(none.body)._code).toBe('not_authorized');
  });

  it('asks for the fields a method needs (400 validation_failed)', async () => {
    const res = await browser().post('/api/login', { method: 'password', username: 'ada@example.com' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ _code: 'validation_failed', _description: 'password: Required' });
    const long = await browser().post('/api/login', { username: `${'a'.repeat(95)}@x.com`, password: PASSWORD });
    expect(long.status).toBe(400);
  });

  it('logs a member in with member id and ZIP code (5 characters of a ZIP+4 match)', async () => {
    await setLoginMethods(t.db, ['scan_code']);
    const ok = await browser().post('/api/login', { scan_code: ' m-1001 ', zip_code: '12345' });
    expect(ok.status).toBe(200);
    expect(ok.body.user._data[0].scan_code).toBe('M-1001');
    const wrongZip = await browser().post('/api/login', { scan_code: 'M-1001', zip_code: '12346' });
    const unknown = await browser().post('/api/login', { scan_code: 'M-9999', zip_code: '12345' });
    const partial = await browser().post('/api/login', { scan_code: 'M-1001', zip_code: '123' });
    for (const res of [wrongZip, unknown, partial]) {
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toMatchObject({ _code: 'not_authorized', _description: 'Member details not found. Please check your member ID and ZIP code.' });
    }
    const tooLong = await browser().post('/api/login', { scan_code: 'M-1001', zip_code: '123456' });
    expect(tooLong.status).toBe(400);
  });

  it('logs a member in with member id and last name, and with member id and password', async () => {
    await setLoginMethods(t.db, ['scan_code_last_name', 'scan_code_password']);
    expect((await browser().post('/api/login', { scan_code: 'M-1001', last_name: "o'brien" })).status).toBe(200);
    const wrongName = await browser().post('/api/login', { scan_code: 'M-1001', last_name: 'Smith' });
    expect(errorOf(wrongName.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.memberNotFoundLastName });
    expect((await browser().post('/api/login', { method: 'scan_code_password', scan_code: 'M-1001', password: PASSWORD })).status).toBe(200);
    const wrongPassword = await browser().post('/api/login', { scan_code: 'M-1001', password: 'Wrong-Password-1' });
    const unknown = await browser().post('/api/login', { scan_code: 'M-0000', password: 'Wrong-Password-1' });
    const noPasswordNoEmail = await browser().post('/api/login', { scan_code: 'M-1002', password: 'Wrong-Password-1' });
    expect(wrongPassword.status).toBe(401);
    expect(errorOf(wrongPassword.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.memberNotFoundPassword });
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(noPasswordNoEmail.body).toEqual(wrongPassword.body);
  });

  it('answers guest_account to member id and password for a member without a password, and e-mails a link to set one', async () => {
    await setLoginMethods(t.db, ['scan_code_password']);
    const res = await browser().post('/api/login', { scan_code: 'M-1003', password: 'Any-Password-1' });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ _code: 'guest_account', _description: AUTH_TEXT.guestAccount });
    await deliverMail(t);
    const [mail] = await mailbox(t.app, 'memguest@example.com');
    expect(resetTokenOf(mail.text)).toBeTruthy();
  });

  it('a member without an e-mail is told so by my/user (needs_email) and can set one; 409 when taken', async () => {
    await setLoginMethods(t.db, ['scan_code']);
    const b = browser();
    expect((await b.post('/api/login', { scan_code: 'M-1002', zip_code: '54321' })).status).toBe(200);
    expect((await b.get('/api/my/user')).body.user._data[0].needs_email).toBe(true);
    const taken = await b.call('PUT', '/api/my/user', { email: 'ADA@example.com' });
    expect(taken.status).toBe(409);
    expect(errorOf(taken.body)).toMatchObject({ _code: 'email_in_use', _description: AUTH_TEXT.emailInUse, _extra: null });
    const set = await b.call('PUT', '/api/my/user', { email: 'm1002@example.com' });
    expect(set.status).toBe(200);
    expect(set.body.user._data[0]).toMatchObject({ email: 'm1002@example.com', needs_email: false });
  });

  it('logout ends the session: cookies cleared, the old token no longer works', async () => {
    const b = browser();
    await b.post('/api/login', { username: 'ada@example.com', password: PASSWORD });
    const token = b.cookies.get('foyer_session')!.value;
    const out = await b.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.setCookies.some((c) => /^foyer_session=;/.test(c))).toBe(true);
    expect(out.setCookies.some((c) => /^session_expires=;/.test(c))).toBe(true);
    expect(b.cookies.has('foyer_session')).toBe(false);
    expect((await b.get('/api/my/user')).status).toBe(401);
    const replay = await t.app.inject({ method: 'GET', url: '/api/my/user', headers: { cookie: `foyer_session=${token}` } });
    expect(replay.statusCode).toBe(401);
    expect(JSON.parse(replay.body)._data[0]._code).toBe('not_authorized');
  });

  it('keeps the guest cart on login with cart_id: the user owns it at my/cart', async () => {
    const b = browser();
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    expect(cart.status).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    const guestIdentity = cart.body.cart._data[0].identity_id;
    const login = await b.post('/api/login', { username: 'ada@example.com', password: PASSWORD, cart_id: cartId });
    expect(login.body.cart_id).toBe(cartId);
    const userIdentity = login.body.user._data[0].identity_id;
    const mine = await b.get(`/api/my/cart/${cartId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.cart._data[0].identity_id).toBe(userIdentity);
    expect(userIdentity).not.toBe(guestIdentity);
    // New carts of a logged-in user belong to the user; after logout the guest cannot see them.
    const second = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    expect(second.body.cart._data[0].identity_id).toBe(userIdentity);
    await b.post('/api/logout');
    expect((await b.get(`/api/my/cart/${cartId}`)).status).toBe(403);
    // Logging in again (another browser) finds the user's carts.
    const other = browser();
    await other.post('/api/login', { username: 'ada@example.com', password: PASSWORD });
    expect((await other.get(`/api/my/cart/${second.body.cart._data[0].id}`)).status).toBe(200);
  });

  it('does not keep a cart that is not pending, nor another guest’s cart', async () => {
    const owner = browser();
    const cart = await owner.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    const cartId = cart.body.cart._data[0].id;
    const thief = browser();
    await thief.post('/api/my/cart/modify', { add: [] });
    const stolen = await thief.post('/api/login', { username: 'ada@example.com', password: PASSWORD, cart_id: cartId });
    expect(stolen.status).toBe(200);
    expect(stolen.body.cart_id).toBeNull();
    expect((await owner.get(`/api/my/cart/${cartId}`)).status).toBe(200);

    await t.db.updateTable('cart').set({ state: 'expired' }).where('id', '=', cartId).execute();
    const late = await owner.post('/api/login', { username: 'ada@example.com', password: PASSWORD, cart_id: cartId });
    expect(late.status).toBe(200);
    expect(late.body.cart_id).toBeNull();
    const row = await t.db.selectFrom('cart').select('identity_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(row.identity_id).toBe(cart.body.cart._data[0].identity_id);
  });

  it('does not keep a pending cart whose time has run out', async () => {
    const b = browser();
    const cart = (await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] })).body.cart._data[0];
    await t.db.updateTable('cart').set({ expires_at: new Date(t.clock.now.getTime() - 1000).toISOString() }).where('id', '=', cart.id).execute();
    const login = await b.post('/api/login', { username: 'ada@example.com', password: PASSWORD, cart_id: cart.id });
    expect(login.status).toBe(200);
    expect(login.body.cart_id).toBeNull();
    const row = await t.db.selectFrom('cart').select(['identity_id', 'state']).where('id', '=', cart.id).executeTakeFirstOrThrow();
    expect(row.identity_id).toBe(cart.identity_id);
  });

  it('a new login replaces the previous session of the browser', async () => {
    const b = browser();
    await b.post('/api/login', { username: 'ada@example.com', password: PASSWORD });
    const first = b.cookies.get('foyer_session')!.value;
    await b.post('/api/login', { username: 'ada@example.com', password: PASSWORD });
    expect(b.cookies.get('foyer_session')!.value).not.toBe(first);
    const replay = await t.app.inject({ method: 'GET', url: '/api/my/user', headers: { cookie: `foyer_session=${first}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('delivers nothing for failed logins except the guest-account link', async () => {
    await deliverMail(t);
    expect(await mailbox(t.app, 'ada@example.com')).toEqual([]);
  });
});
