import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, errorOf } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** docs/checkout.md#your-information My profile, docs/checkout.md#your-information Identity: PUT my/user changes the contact details with the checkout's rules; a state where the country has none is null. */

const person = (email: string) => ({ first_name: 'Grace', last_name: 'Hopper', email, password: 'Cobol-Rules-1959' });
const ADDRESS = { phone: '+1 (212) 555-0100', address: '1 Fifth Avenue', address_more: 'Apt 2', city: 'New York', country: 'us', state: 'NY', zip_code: '10003' };
const NOTHING = { phone: null, address: null, address_more: null, city: null, country: null, state: null, zip_code: null };

describe.each(dialects())('My profile (PUT my/user contact details) on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.22.0.${++ip}`);
  const registered = async (email: string) => {
    const b = browser();
    const res = await b.post('/api/user', person(email));
    expect(res.status).toBe(200);
    return { b, user: res.body.user._data[0] as { id: string; identity_id: string } };
  };
  const stored = (id: string) => t.db.selectFrom('user_account').select(['phone', 'address', 'address_more', 'city', 'country', 'state', 'zip_code', 'first_name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it('a new account has none; valid details are kept (trimmed) and carried by GET my/user and the identity', async () => {
    const { b, user } = await registered('profile-valid@example.com');
    expect((await b.get('/api/my/user')).body.user._data[0]).toMatchObject(NOTHING);
    const res = await b.call('PUT', '/api/my/user?_embed=identity', { ...ADDRESS, city: '  New York  ' });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject(ADDRESS);
    expect(res.body.identity._data[0]).toMatchObject({ id: user.identity_id, ...ADDRESS });
    expect((await b.get('/api/my/user?_embed=identity')).body.identity._data[0]).toMatchObject(ADDRESS);
    expect(await stored(user.id)).toMatchObject(ADDRESS);
    // Empty text or null clears a field; the others stay.
    const cleared = await b.call('PUT', '/api/my/user', { phone: '', address_more: null });
    expect(cleared.body.user._data[0]).toMatchObject({ ...ADDRESS, phone: null, address_more: null });
  });

  it('refuses invalid values with every field’s problem in the error envelope, and keeps nothing', async () => {
    const { b, user } = await registered('profile-invalid@example.com');
    await b.call('PUT', '/api/my/user', ADDRESS);
    const res = await b.call('PUT', '/api/my/user', { phone: 'call me', zip_code: '1', state: 'XX', city: 'c'.repeat(1001), address: 'Elsewhere 9' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'phone', fields: { phone: { code: 'invalid' }, zip_code: { code: 'too_short', limit: 4 }, state: { code: 'not_option' }, city: { code: 'too_long', limit: 1000 } } },
    });
    expect(Object.keys((errorOf(res.body)._extra as { fields: object }).fields)).not.toContain('address');
    expect(await stored(user.id)).toMatchObject(ADDRESS);
    for (const body of [{ zip_code: '1234567890A' }, { zip_code: '10-' }, { country: 'zz' }, { phone: 'x'.repeat(51) }]) {
      const bad = await b.call('PUT', '/api/my/user', body);
      expect(bad.status).toBe(400);
      expect(Object.keys((errorOf(bad.body)._extra as { fields: object }).fields)).toEqual(Object.keys(body));
    }
    // Wrong types and over the outer bound: the shape check, still the envelope (never a 500).
    for (const body of [{ phone: 5 }, { city: 'c'.repeat(1001 * 2) }, { state: ['NY'] }]) {
      const bad = await b.call('PUT', '/api/my/user', body);
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body)._code).toBe('validation_failed');
    }
    expect(await stored(user.id)).toMatchObject(ADDRESS);
  });

  it('stores the state as null where the country has no states (docs/checkout.md#your-information "state field nulled when disabled")', async () => {
    const { b, user } = await registered('profile-state@example.com');
    const gb = await b.call('PUT', '/api/my/user', { ...ADDRESS, country: 'gb', state: 'NY', zip_code: 'SW1A 1AA' });
    expect(gb.status).toBe(200);
    expect(gb.body.user._data[0]).toMatchObject({ country: 'gb', state: null, zip_code: 'SW1A 1AA' });
    expect((await stored(user.id)).state).toBeNull();
    // Canada has provinces: one of them is kept; moving to a country without states drops it.
    expect((await b.call('PUT', '/api/my/user', { country: 'ca', state: 'ON' })).body.user._data[0]).toMatchObject({ country: 'ca', state: 'ON' });
    expect((await b.call('PUT', '/api/my/user', { country: 'fr' })).body.user._data[0]).toMatchObject({ country: 'fr', state: null });
    // A kept state that is not one of a newly chosen country's goes too; without a country there is no state.
    await b.call('PUT', '/api/my/user', { country: 'us', state: 'NY' });
    expect((await b.call('PUT', '/api/my/user', { country: 'ca' })).body.user._data[0]).toMatchObject({ country: 'ca', state: null });
    expect((await b.call('PUT', '/api/my/user', { country: null, state: 'ON' })).body.user._data[0]).toMatchObject({ country: null, state: null });
    expect((await stored(user.id)).state).toBeNull();
  });

  it('the e-mail and names are not changed by the profile’s fields; another user cannot change them', async () => {
    const a = await registered('profile-a@example.com');
    const other = await registered('profile-b@example.com');
    // PATCH my/user/{own id} takes the same details (and answers the identity with them).
    const patched = await a.b.call('PATCH', `/api/my/user/${a.user.id}`, { ...ADDRESS, state: 'XX' });
    expect(patched.status).toBe(400);
    expect(errorOf(patched.body)._extra).toMatchObject({ fields: { state: { code: 'not_option' } } });
    expect((await a.b.call('PATCH', `/api/my/user/${a.user.id}`, ADDRESS)).body.identity._data[0]).toMatchObject(ADDRESS);
    // B's own PUT changes only B.
    expect((await other.b.call('PUT', '/api/my/user', { city: 'Boston', country: 'us', state: 'MA' })).status).toBe(200);
    // B naming A's user or identity id: refused, nothing of A changes.
    for (const id of [a.user.id, a.user.identity_id]) {
      const res = await other.b.call('PATCH', `/api/my/user/${id}`, { city: 'Boston', phone: '555' });
      expect(res.status).toBe(403);
      expect(errorOf(res.body)._code).toBe('scope_error');
    }
    // Without a session: 401.
    expect((await browser().call('PUT', '/api/my/user', { city: 'Nowhere' })).status).toBe(401);
    expect(await stored(a.user.id)).toMatchObject({ ...ADDRESS, first_name: 'Grace', email: 'profile-a@example.com' });
    expect(await stored(other.user.id)).toMatchObject({ city: 'Boston', state: 'MA', country: 'us' });
  });
});
