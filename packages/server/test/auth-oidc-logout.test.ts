import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { startFakeOidc, type FakeOidc } from './fake-oidc.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { readSettings, SettingsError } from '../src/settings.js';

describe('OIDC_LOGOUT_URL', () => {
  it('must be an http(s) URL', () => {
    const base = { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'foyer' };
    expect(readSettings({ ...base, OIDC_LOGOUT_URL: 'https://id.example.org/v2/logout' }).oidc?.logoutUrl).toBe('https://id.example.org/v2/logout');
    expect(readSettings(base).oidc?.logoutUrl).toBeNull();
    expect(() => readSettings({ ...base, OIDC_LOGOUT_URL: 'javascript:alert(1)' })).toThrow(SettingsError);
  });
});

/**
 * Logging out of an external login ends the provider's session too (docs/accounts.md, issue 29
 * row 21): POST logout answers, for a user linked to the provider, the provider's
 * end_session_endpoint (client id, home as the post-logout address) or OIDC_LOGOUT_URL, and the
 * web goes there; a password user's logout, or one without a provider, answers none.
 */
describe.each(dialects())('logout at the identity provider on %s', (dialect) => {
  let idp: FakeOidc;
  let bare: FakeOidc;
  let t: TestApp;
  let configured: TestApp;
  let ip = 0;
  const env = (provider: FakeOidc, extra: Record<string, string> = {}) => ({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, ...extra });

  /** A browser logged in through the provider. */
  async function ssoBrowser(app: TestApp) {
    const b = new Browser(app.app, `10.9.0.${++ip}`);
    const start = await b.post('/api/auth0/start', { redirectPath: '/events' });
    expect(start.status).toBe(200);
    const res = await fetch(start.body.url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    const done = await b.post('/api/auth0/callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(done.status).toBe(200);
    return b;
  }

  beforeAll(async () => {
    idp = await startFakeOidc();
    bare = await startFakeOidc({ endSession: false });
    t = await testApp(dialect, { env: env(idp) });
    configured = await testApp(dialect, { env: env(bare, { OIDC_LOGOUT_URL: 'https://id.example.org/v2/logout?returnTo=https%3A%2F%2Ftickets.example.org%2F' }) });
  });
  afterAll(async () => {
    await t.close();
    await configured.close();
    await idp.close();
    await bare.close();
  });

  it("a user of the provider: the provider's end_session_endpoint, with our client and home; the session ends here too", async () => {
    const b = await ssoBrowser(t);
    expect((await b.get('/api/my/user')).status).toBe(200);
    const res = await b.post('/api/logout');
    expect(res.status).toBe(200);
    const url = new URL(res.body.end_session_url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/logout`);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    expect(res.body).toEqual({ logged_out: true, end_session_url: url.href });
    expect((await b.get('/api/my/user')).status).not.toBe(200);
    // Logged out already: nothing more to end.
    expect((await b.post('/api/logout')).body).toEqual({ logged_out: true });
  });

  it('a password user of the same storefront: no provider logout', async () => {
    await createUser(t.db, { email: 'pw@example.com' });
    const b = new Browser(t.app, '10.9.1.1');
    expect((await b.post('/api/login', { username: 'pw@example.com', password: PASSWORD })).status).toBe(200);
    expect((await b.post('/api/logout')).body).toEqual({ logged_out: true });
  });

  it('OIDC_LOGOUT_URL: for a provider without an end_session_endpoint, that address', async () => {
    const b = await ssoBrowser(configured);
    expect((await b.post('/api/logout')).body).toEqual({ logged_out: true, end_session_url: 'https://id.example.org/v2/logout?returnTo=https%3A%2F%2Ftickets.example.org%2F' });
  });

  it('no provider configured: none', async () => {
    const plain = await testApp(dialect);
    try {
      await createUser(plain.db, { email: 'plain@example.com' });
      const b = new Browser(plain.app, '10.9.2.1');
      expect((await b.post('/api/login', { username: 'plain@example.com', password: PASSWORD })).status).toBe(200);
      expect((await b.post('/api/logout')).body).toEqual({ logged_out: true });
    } finally {
      await plain.close();
    }
  });
});
