import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/rate-limit/rate-limit.js';
import { readSettings, SettingsError } from '../src/settings.js';
import { Browser, PASSWORD, createUser, errorOf } from './auth-harness.js';
import { catalogIds } from './cart-client.js';
import { startFakeOidc, type FakeOidc } from './fake-oidc.js';
import { dialects, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

/** The provider's answer to the authorize URL: the code and state it sends back to /auth0-callback. */
async function authorize(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return { back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe.each(dialects())('OpenID Connect login on %s', (dialect) => {
  let t: TestApp;
  let idp: FakeOidc;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.7.0.${++ip}`);

  /** Start → the provider → back: the callback body, and the browser holding the flow cookie. */
  async function roundTrip(b = browser(), start: Record<string, unknown> = { redirectPath: '/events' }) {
    const res = await b.post('/api/auth0/start', start);
    expect(res.status).toBe(200);
    const { back, code, state } = await authorize(res.body.url);
    return { b, back, code, state, startUrl: new URL(res.body.url), startCookies: res.setCookies };
  }

  beforeAll(async () => {
    idp = await startFakeOidc();
    t = await testApp(dialect, { env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_LABEL: 'Harbour ID' } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
    idp.user = { sub: 'user-1', email: 'sso@example.com', email_verified: true, given_name: 'Sso', family_name: 'User' };
  });

  it('lists the provider for the login button', async () => {
    const res = await browser().get('/api/login/providers');
    expect(res.status).toBe(200);
    expect(res.body.login_provider._data).toEqual([{ id: 'oidc', label: 'Harbour ID' }]);
  });

  it('starts with state, nonce and PKCE (S256) and keeps them in a short-lived httpOnly cookie', async () => {
    const { startUrl, startCookies, back } = await roundTrip();
    expect(startUrl.origin + startUrl.pathname).toBe(`${idp.issuer}/authorize`);
    const q = startUrl.searchParams;
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth0-callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('scope')).toBe('openid email profile');
    const cookie = startCookies.find((c) => c.startsWith('foyer_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=600/i);
    expect(cookie).toMatch(/Path=\/api\/auth0/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The verifier never travels to the provider's authorize URL.
    expect(startUrl.href).not.toContain(JSON.parse(Buffer.from(cookie.split(';')[0].slice('foyer_oidc='.length), 'base64url').toString()).verifier);
    expect(back.pathname).toBe('/auth0-callback');
  });

  it('creates the account of a new verified address, starts a normal session and answers like POST login', async () => {
    const { b, code, state } = await roundTrip();
    const res = await b.post('/api/auth0/callback', { code, state });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject({ email: 'sso@example.com', first_name: 'Sso', last_name: 'User', has_password: false });
    expect(res.body.identity._data[0].kind).toBe('user');
    expect(res.body.redirectPath).toBe('/events');
    expect(res.body.session.expires_at).toBe('2026-06-01T18:00:00.000Z');
    expect(res.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(true);
    expect(res.setCookies.some((c) => c.startsWith('session_expires='))).toBe(true);
    // The flow is single use: its cookie is cleared.
    expect(b.cookies.has('foyer_oidc')).toBe(false);
    // PKCE verifier and client secret went to the token endpoint.
    const sent = idp.tokenRequests.at(-1)!;
    expect(sent.code_verifier).toMatch(/^[\w-]{43,}$/);
    expect(sent.client_secret).toBe(idp.clientSecret);
    const me = await b.get('/api/my/user');
    expect(me.status).toBe(200);
    expect(me.body.user._data[0].email).toBe('sso@example.com');

    // The next login finds the same account.
    const again = await roundTrip();
    const second = await again.b.post('/api/auth0/callback', { code: again.code, state: again.state });
    expect(second.body.user._data[0].id).toBe(res.body.user._data[0].id);
  });

  it('logs in to the existing account of the verified address (any case)', async () => {
    const { id } = await createUser(t.db, { email: 'Grace@Example.com', first_name: 'Grace' });
    idp.user = { sub: 'g-1', email: 'grace@example.COM', email_verified: true, name: 'Someone Else' };
    const { b, code, state } = await roundTrip();
    const res = await b.post('/api/auth0/callback', { code, state });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject({ id, first_name: 'Grace', has_password: true });
    // The password still works too.
    expect((await browser().post('/api/login', { username: 'grace@example.com', password: PASSWORD })).status).toBe(200);
  });

  /** One login through the fake provider as `idp.user`: the callback's answer. */
  async function loginAs(user: FakeOidc['user']) {
    idp.user = user;
    const { b, code, state } = await roundTrip();
    return b.post('/api/auth0/callback', { code, state });
  }
  const linksOf = (userId: string) => t.db.selectFrom('external_login').select(['issuer', 'subject']).where('user_id', '=', userId).execute();

  it('stores the subject with a new account and finds it by (issuer, sub) after the address changes, verified or not', async () => {
    const first = await loginAs({ sub: 'sub-moves', email: 'before@example.com', email_verified: true, given_name: 'Mo' });
    expect(first.status).toBe(200);
    const id = first.body.user._data[0].id;
    expect(await linksOf(id)).toEqual([{ issuer: idp.issuer, subject: 'sub-moves' }]);

    const moved = await loginAs({ sub: 'sub-moves', email: 'after@example.com', email_verified: false });
    expect(moved.status).toBe(200);
    expect(moved.body.user._data[0]).toMatchObject({ id, email: 'before@example.com' });
    const moved2 = await loginAs({ sub: 'sub-moves' });
    expect(moved2.body.user._data[0].id).toBe(id);
    expect(await t.db.selectFrom('user_account').select('id').where('email_key', '=', 'after@example.com').execute()).toEqual([]);
  });

  it('links the subject to the existing account of a verified address, then the subject alone finds it', async () => {
    const { id } = await createUser(t.db, { email: 'linda@example.com', first_name: 'Linda' });
    expect(await linksOf(id)).toEqual([]);
    const res = await loginAs({ sub: 'sub-linda', email: 'LINDA@example.com', email_verified: true });
    expect(res.body.user._data[0].id).toBe(id);
    expect(await linksOf(id)).toEqual([{ issuer: idp.issuer, subject: 'sub-linda' }]);
    // Linking twice is harmless: the same subject again, by address and by subject.
    expect((await loginAs({ sub: 'sub-linda', email: 'linda@example.com', email_verified: true })).body.user._data[0].id).toBe(id);
    expect(await linksOf(id)).toHaveLength(1);
  });

  it('refuses another subject of the same provider for an address whose account is linked already', async () => {
    const owner = await loginAs({ sub: 'sub-owner', email: 'owned@example.com', email_verified: true });
    const id = owner.body.user._data[0].id;
    const intruder = await loginAs({ sub: 'sub-intruder', email: 'owned@example.com', email_verified: true });
    expect(intruder.status).toBe(401);
    expect(errorOf(intruder.body)).toMatchObject({
      _code: 'not_authorized',
      _description: 'Your email address is linked to another Harbour ID account. Please log in with that account, or with your password.',
    });
    expect(intruder.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
    expect(await linksOf(id)).toEqual([{ issuer: idp.issuer, subject: 'sub-owner' }]);
    expect(await t.db.selectFrom('external_login').select('id').where('subject', '=', 'sub-intruder').execute()).toEqual([]);
  });

  it('two first logins of one subject at once make one account and one link', async () => {
    idp.user = { sub: 'sub-race', email: 'race@example.com', email_verified: true };
    const flows = await Promise.all([roundTrip(), roundTrip(), roundTrip()]);
    const answers = await Promise.all(flows.map(({ b, code, state }) => b.post('/api/auth0/callback', { code, state })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.user._data[0].id)).size).toBe(1);
    expect(await t.db.selectFrom('external_login').select('id').where('subject', '=', 'sub-race').execute()).toHaveLength(1);
  });

  it('takes first and last name from the name claim when the given and family names are missing', async () => {
    idp.user = { sub: 'n-1', email: 'ida@example.com', email_verified: true, name: 'Ida  B. Wells' };
    const { b, code, state } = await roundTrip();
    const res = await b.post('/api/auth0/callback', { code, state });
    expect(res.body.user._data[0]).toMatchObject({ first_name: 'Ida', last_name: 'B. Wells' });
  });

  it('keeps the guest cart with cart_id', async () => {
    const ids = await catalogIds(t.db);
    const { b, code, state } = await roundTrip();
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    expect(cart.status).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    const res = await b.post('/api/auth0/callback', { code, state, cart_id: cartId });
    expect(res.body.cart_id).toBe(cartId);
    const mine = await b.get(`/api/my/cart/${cartId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.cart._data[0].identity_id).toBe(res.body.user._data[0].identity_id);
  });

  it('refuses an unverified or missing address, creating no account', async () => {
    for (const user of [
      { sub: 'u-2', email: 'unverified@example.com', email_verified: false },
      { sub: 'u-3', email: 'string@example.com' },
      { sub: 'u-4' },
    ]) {
      idp.user = user;
      const { b, code, state } = await roundTrip();
      const res = await b.post('/api/auth0/callback', { code, state });
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toMatchObject({ _code: 'not_authorized', _description: 'Your Harbour ID account has no verified email address, so we cannot log you in with it.' });
      expect(res.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
    }
    const made = await t.db.selectFrom('user_account').select('email').where('email', 'in', ['unverified@example.com', 'string@example.com']).execute();
    expect(made).toEqual([]);
  });

  it('refuses a wrong or missing state, and a flow cookie used twice', async () => {
    const { b, code, state } = await roundTrip();
    const wrong = await b.post('/api/auth0/callback', { code, state: `${state}x` });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)._code).toBe('invalid_state');
    // The failed attempt used up the flow: the right state no longer works either.
    const after = await b.post('/api/auth0/callback', { code, state });
    expect(errorOf(after.body)._code).toBe('invalid_state');

    // Another browser (no flow cookie) cannot use a code and state it saw.
    const other = await roundTrip();
    const stolen = await browser().post('/api/auth0/callback', { code: other.code, state: other.state });
    expect(stolen.status).toBe(400);
    expect(errorOf(stolen.body)).toMatchObject({ _code: 'invalid_state', _description: 'This login has expired or was already used. Please log in again.' });
  });

  it('refuses a flow older than 10 minutes', async () => {
    const { b, code, state } = await roundTrip();
    t.clock.advance(10 * 60_000 + 1000);
    try {
      const res = await b.post('/api/auth0/callback', { code, state });
      expect(errorOf(res.body)._code).toBe('invalid_state');
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it.each(['nonce', 'audience', 'signature', 'issuer', 'expired'] as const)('refuses an id_token with a wrong %s', async (tamper) => {
    const { b, code, state } = await roundTrip();
    idp.tamper = tamper;
    const res = await b.post('/api/auth0/callback', { code, state });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toMatchObject({ _code: 'not_authorized', _description: 'We could not log you in with Harbour ID. Please try again.' });
    expect(res.setCookies.some((c) => c.startsWith('foyer_session='))).toBe(false);
  });

  it('refuses a code the provider has already redeemed', async () => {
    const first = await roundTrip();
    expect((await first.b.post('/api/auth0/callback', { code: first.code, state: first.state })).status).toBe(200);
    // Same code again, in a fresh flow of the same browser.
    const second = await roundTrip(first.b);
    const res = await first.b.post('/api/auth0/callback', { code: first.code, state: second.state });
    expect(res.status).toBe(401);
    expect(errorOf(res.body)._extra).toMatchObject({ reason: 'invalid_grant' });
  });

  it('counts callbacks in the per-address login limit', async () => {
    const b = new Browser(t.app, '10.7.250.1');
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.loginIp.max; i++) statuses.push((await b.post('/api/auth0/callback', { code: `c${i}`, state: `s${i}` })).status);
    expect(statuses).toEqual([...Array(LIMITS.loginIp.max).fill(400), 429]);
  });

  it('remembers only in-app redirect paths, and refuses bad bodies with 400', async () => {
    const evil = await roundTrip(browser(), { redirectPath: '//evil.example/x' });
    const res = await evil.b.post('/api/auth0/callback', { code: evil.code, state: evil.state });
    expect(res.body.redirectPath).toBeNull();
    const b = browser();
    expect((await b.post('/api/auth0/callback', { code: 'x' })).status).toBe(400);
    expect((await b.post('/api/auth0/callback', { code: 'x', state: 'y', extra: 1 })).status).toBe(400);
    expect((await b.post('/api/auth0/start', { redirectPath: 5 })).status).toBe(400);
  });
});

describe('OpenID Connect not configured, or the provider down', () => {
  it('lists no provider and answers 404 not_configured', async () => {
    const t = await testApp('sqlite');
    try {
      const b = new Browser(t.app);
      expect((await b.get('/api/login/providers')).body.login_provider._data).toEqual([]);
      const start = await b.post('/api/auth0/start', {});
      expect(start.status).toBe(404);
      expect(errorOf(start.body)._code).toBe('not_configured');
      const callback = await b.post('/api/auth0/callback', { code: 'c', state: 's' });
      expect(errorOf(callback.body)._code).toBe('not_configured');
    } finally {
      await t.close();
    }
  });

  it('answers provider_unavailable when discovery fails, and recovers once the provider is up', async () => {
    const idp = await startFakeOidc();
    const issuer = idp.issuer;
    await idp.close();
    const t = await testApp('sqlite', { env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'foyer-test', OIDC_CLIENT_SECRET: 'fake-secret' } });
    let back: FakeOidc | undefined;
    try {
      const res = await new Browser(t.app).post('/api/auth0/start', {});
      expect(res.status).toBe(503);
      expect(errorOf(res.body)).toMatchObject({ _code: 'provider_unavailable', _description: 'Auth0 could not be initialized. Please try again.' });
      // The failed discovery is not kept: once the provider answers, logins start.
      back = await startFakeOidc({ port: Number(new URL(issuer).port) });
      const again = await new Browser(t.app).post('/api/auth0/start', {});
      expect(again.status).toBe(200);
      expect(again.body.url).toContain(`${issuer}/authorize?`);
    } finally {
      await t.close();
      await back?.close();
    }
  });

  it('validates the OIDC settings', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        readSettings(env);
        return [];
      } catch (error) {
        return (error as SettingsError).problems;
      }
    };
    expect(problems({ OIDC_ISSUER: 'https://id.example.com/' , OIDC_CLIENT_ID: 'c' })).toEqual([]);
    expect(readSettings({ OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'c' }).oidc).toMatchObject({ issuer: 'https://id.example.com/', clientSecret: null, label: 'single sign-on', scope: 'openid email profile' });
    expect(problems({ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'c' })[0]).toMatch(/OIDC_ISSUER must be an https URL/);
    expect(problems({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'c' })).toEqual([]);
    expect(problems({ OIDC_ISSUER: 'https://id.example.com' })[0]).toMatch(/OIDC_CLIENT_ID must be set/);
    expect(problems({ OIDC_CLIENT_ID: 'c' })[0]).toMatch(/need OIDC_ISSUER/);
    expect(problems({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_SCOPE: 'openid profile' })[0]).toMatch(/OIDC_SCOPE must include openid and email/);
    expect(readSettings({}).oidc).toBeNull();
  });
});
