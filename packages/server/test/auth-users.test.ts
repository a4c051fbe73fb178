import { AUTH_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, createUser, errorOf, mailbox, setLoginMethods } from './auth-harness.js';
import { catalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const person = (email: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Grace', last_name: 'Hopper', email, password: 'Cobol-Rules-1959', additional_info: { newsletter: true }, ...extra });

describe.each(dialects())('users on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.4.0.${++ip}`);

  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it('registers with a password: stored as argon2id, logged in, identity embedded', async () => {
    const b = browser();
    const res = await b.post('/api/user?_embed=identity', person('grace@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject({ email: 'grace@example.com', first_name: 'Grace', additional_info: { newsletter: true }, has_password: true });
    expect(res.body.identity._data[0]).toMatchObject({ id: res.body.user._data[0].identity_id, kind: 'user', name: 'Grace Hopper' });
    expect(b.cookies.has('foyer_session')).toBe(true);
    expect((await b.get('/api/my/user')).body.user._data[0].email).toBe('grace@example.com');
    const row = await t.db.selectFrom('user_account').select('password_hash').where('email_key', '=', 'grace@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('Cobol');
  });

  it('registering with a password keeps the guest’s live carts (docs/accounts.md#web-screens: only pending ones); without, nothing moves', async () => {
    const ids = await catalogIds(t.db);
    const add = { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', '2026-06-04T22:00:00.000Z') }] };
    const b = browser();
    const live = (await b.post('/api/my/cart/modify', add)).body.cart._data[0];
    const done = (await b.post('/api/my/cart/modify', add)).body.cart._data[0];
    await t.db.updateTable('cart').set({ state: 'booked' }).where('id', '=', done.id).execute();
    const res = await b.post('/api/user', person('carts@example.com'));
    expect(res.status).toBe(200);
    const mine = await b.get(`/api/my/cart/${live.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.cart._data[0].identity_id).toBe(res.body.user._data[0].identity_id);
    const booked = await t.db.selectFrom('cart').select('identity_id').where('id', '=', done.id).executeTakeFirstOrThrow();
    expect(booked.identity_id).toBe(done.identity_id);

    const guest = browser();
    const kept = (await guest.post('/api/my/cart/modify', add)).body.cart._data[0];
    expect((await guest.post('/api/user', person('guest-carts@example.com', { password: undefined }))).status).toBe(200);
    const still = await t.db.selectFrom('cart').select('identity_id').where('id', '=', kept.id).executeTakeFirstOrThrow();
    expect(still.identity_id).toBe(kept.identity_id);
  });

  it('answers 409 with the existing identity id when the e-mail is in use, in any case', async () => {
    const first = await browser().post('/api/user', person('dup@example.com'));
    const again = await browser().post('/api/user', person('DUP@Example.COM'));
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ _code: 'email_in_use', _description: AUTH_TEXT.accountExists, _extra: { identity_id: first.body.user._data[0].identity_id } });
    expect(again.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
  });

  it('registers without a password as a guest account (no session)', async () => {
    const b = browser();
    const res = await b.post('/api/user', { first_name: 'Guest', last_name: 'Person', email: 'giftee@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0].has_password).toBe(false);
    expect(res.body.session).toBeNull();
    expect((await b.get('/api/my/user')).status).toBe(401);
  });

  it.each([
    ['short', 'Ab1!abc'],
    ['two classes only', 'abcdefgh1234'],
    ['leading space', ' Abcdefg1'],
    ['trailing space', 'Abcdefg1 '],
    ['non-printable', 'Abcdefg1\u00e9'],
    ['too long', `Aa1!${'x'.repeat(251)}`],
  ])('refuses a password that breaks a rule (%s)', async (_name, password) => {
    const res = await browser().post('/api/user', person(`rule-${_name.replace(/\W/g, '')}@example.com`, { password }));
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ _code: 'validation_failed' });
    expect(errorOf(res.body)._description).toMatch(/^password: Invalid password/);
  });

  it('accepts a password of 3 classes with inner spaces, 8 and 254 long', async () => {
    expect((await browser().post('/api/user', person('eight@example.com', { password: 'abc DE 1' }))).status).toBe(200);
    expect((await browser().post('/api/user', person('long@example.com', { password: `Aa1${'x'.repeat(251)}` }))).status).toBe(200);
  });

  it('limits names to 50 and e-mails to 254 characters, and refuses placeholder addresses', async () => {
    expect((await browser().post('/api/user', person('n@example.com', { first_name: 'x'.repeat(51) }))).status).toBe(400);
    expect((await browser().post('/api/user', person('n@example.com', { last_name: 'x'.repeat(51) }))).status).toBe(400);
    expect((await browser().post('/api/user', person(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`))).status).toBe(400);
    expect((await browser().post('/api/user', person('not-an-email'))).status).toBe(400);
    const placeholder = await browser().post('/api/user', person('no-email+x@example.com'));
    expect(errorOf(placeholder.body)._code).toBe('validate_not_email');
    expect((await browser().post('/api/user', person('ok50@example.com', { first_name: 'x'.repeat(50) }))).status).toBe(200);
  });

  it('updates my details with PUT my/user; a new password needs the current one', async () => {
    const b = browser();
    await b.post('/api/user', person('update@example.com'));
    const res = await b.call('PUT', '/api/my/user?_embed=identity.meta', { first_name: 'Amazing', meta: { country: 'us' } });
    expect(res.body.user._data[0].first_name).toBe('Amazing');
    expect(res.body.meta._data[0]).toMatchObject({ country: 'us' });
    const noCurrent = await b.call('PUT', '/api/my/user', { password: 'Another-Pass-2' });
    expect(noCurrent.status).toBe(400);
    expect(errorOf(noCurrent.body)).toMatchObject({ _code: 'incorrect_password', _description: AUTH_TEXT.incorrectPassword });
    const elsewhere = browser();
    expect((await elsewhere.post('/api/login', { username: 'update@example.com', password: 'Cobol-Rules-1959' })).status).toBe(200);
    expect((await b.call('PUT', '/api/my/user', { password: 'Another-Pass-2', current_password: 'Cobol-Rules-1959' })).status).toBe(200);
    // The other session ends; this one goes on.
    expect((await elsewhere.get('/api/my/user')).status).toBe(401);
    expect((await b.get('/api/my/user')).status).toBe(200);
    expect((await browser().post('/api/login', { username: 'update@example.com', password: 'Another-Pass-2' })).status).toBe(200);
  });

  it('changing a real e-mail needs the current password', async () => {
    const b = browser();
    await b.post('/api/user', person('mover@example.com'));
    const without = await b.call('PUT', '/api/my/user', { email: 'moved@example.com' });
    expect(without.status).toBe(400);
    expect(errorOf(without.body)._code).toBe('incorrect_password');
    const moved = await b.call('PUT', '/api/my/user', { email: 'moved@example.com', current_password: 'Cobol-Rules-1959' });
    expect(moved.body.user._data[0].email).toBe('moved@example.com');
    const [notice] = await mailbox(t.app, 'mover@example.com');
    expect(notice).toMatchObject({ subject: 'Your e-mail address was changed' });
    expect(notice.text).toContain('changed to moved@example.com');
  });

  it('PATCH my/user/{id} changes only my own details and answers with the identity', async () => {
    const b = browser();
    const me = await b.post('/api/user', person('patch@example.com'));
    const { id, identity_id } = me.body.user._data[0];
    const res = await b.call('PATCH', `/api/my/user/${id}`, { last_name: 'Murray' });
    expect(res.status).toBe(200);
    expect(res.body.identity._data[0]).toMatchObject({ id: identity_id, last_name: 'Murray', name: 'Grace Murray' });
    expect((await b.call('PATCH', `/api/my/user/${identity_id}`, { first_name: 'G.' })).status).toBe(200);
    const other = await b.call('PATCH', '/api/my/user/someone-else', { last_name: 'X' });
    expect(other.status).toBe(403);
    expect(errorOf(other.body)._code).toBe('scope_error');
  });

  it('PATCH my/user/{id}: meta merged (embed meta), a no-email+ member sets an address (409 when taken), no password fields', async () => {
    await createUser(t.db, { email: 'no-email+p1@members.invalid', scan_code: 'M-P1', zip_code: '11111', password: null, first_name: 'Pat' });
    await createUser(t.db, { email: 'taken-by-patch@example.com' });
    await setLoginMethods(t.db, ['scan_code']);
    try {
      const b = browser();
      const login = await b.post('/api/login', { scan_code: 'M-P1', zip_code: '11111' });
      expect(login.status).toBe(200);
      const id = login.body.user._data[0].id;
      await b.call('PATCH', `/api/my/user/${id}`, { meta: { country: 'ca' } });
      const merged = await b.call('PATCH', `/api/my/user/${id}?_embed=meta`, { meta: { state: 'ON' } });
      expect(merged.status).toBe(200);
      expect(merged.body.meta._data[0]).toMatchObject({ country: 'ca', state: 'ON' });
      expect(merged.body.identity._data[0].email).toBeNull();

      const taken = await b.call('PATCH', `/api/my/user/${id}`, { email: 'Taken-By-Patch@example.com' });
      expect(taken.status).toBe(409);
      expect(errorOf(taken.body)).toMatchObject({ _code: 'email_in_use', _description: AUTH_TEXT.emailInUse });
      const set = await b.call('PATCH', `/api/my/user/${id}`, { email: 'pat@example.com' });
      expect(set.status).toBe(200);
      expect(set.body.identity._data[0].email).toBe('pat@example.com');
      expect((await b.get('/api/my/user')).body.user._data[0].needs_email).toBe(false);

      for (const body of [{ password: 'Another-Pass-2' }, { current_password: 'x' }, { unknown: 1 }, { first_name: 'x'.repeat(51) }]) {
        const bad = await b.call('PATCH', `/api/my/user/${id}`, body);
        expect(bad.status).toBe(400);
        expect(errorOf(bad.body)._code).toBe('validation_failed');
      }
    } finally {
      await setLoginMethods(t.db, ['password', 'otp']);
    }
  });

  it('answers 401 not_authorized to my/user calls without a session', async () => {
    for (const [method, url] of [['GET', '/api/my/user'], ['PUT', '/api/my/user'], ['PATCH', '/api/my/user/x']] as const) {
      const res = await browser().call(method, url, method === 'GET' ? undefined : { first_name: 'X' });
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toMatchObject({ _code: 'not_authorized', _description: AUTH_TEXT.notLoggedIn });
    }
  });
});
