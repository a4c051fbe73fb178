import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PASSWORD, createUser } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(dialects())('login sessions on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const loggedIn = async () => {
    const b = new Browser(t.app, `10.3.0.${++ip}`);
    const res = await b.post('/api/login', { username: 'sess@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    return b;
  };

  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'sess@example.com' });
  });
  afterAll(() => t.close());

  it('ends after 2 hours without a request: 401, cookies cleared, the row deleted', async () => {
    const b = await loggedIn();
    t.clock.advance(2 * HOUR - 1000);
    expect((await b.get('/api/my/user')).status).toBe(200);
    const sessions = await t.db.selectFrom('user_session').select('id').execute();
    t.clock.advance(2 * HOUR);
    const late = await b.get('/api/my/user');
    expect(late.status).toBe(401);
    expect(late.setCookies.some((c) => /^session_expires=;/.test(c))).toBe(true);
    expect(b.cookies.has('foyer_session')).toBe(false);
    expect((await t.db.selectFrom('user_session').select('id').execute()).length).toBe(sessions.length - 1);
  });

  it('slides: each request (at most one write a minute) moves the end 2 hours on, and session_expires follows', async () => {
    const b = await loggedIn();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(90 * MIN);
      const res = await b.get('/api/my/user');
      expect(res.status).toBe(200);
      const expected = new Date(t.clock.now.getTime() + 2 * HOUR).toISOString();
      expect(b.cookies.get('session_expires')!.value).toBe(expected);
    }
    // Within the touch interval nothing is rewritten.
    t.clock.advance(30_000);
    expect((await b.get('/api/my/user')).setCookies).toEqual([]);
  });

  it('never lasts beyond 7 days after login, however active', async () => {
    const b = await loggedIn();
    const start = t.clock.now.getTime();
    while (t.clock.now.getTime() < start + 7 * 24 * HOUR - HOUR) {
      t.clock.advance(HOUR);
      expect((await b.get('/api/my/user')).status).toBe(200);
    }
    expect(b.cookies.get('session_expires')!.value).toBe(new Date(start + 7 * 24 * HOUR).toISOString());
    t.clock.advance(HOUR + 1000);
    expect((await b.get('/api/my/user')).status).toBe(401);
  });

  it('never sets a cookie on a publicly cacheable answer (cached_api, images), even when the session is due an extension', async () => {
    const b = await loggedIn();
    t.clock.advance(5 * MIN);
    const cached = await b.get('/cached_api/config');
    expect(cached.status).toBe(200);
    expect(cached.setCookies).toEqual([]);
    const image = await t.db.selectFrom('image').select('id').executeTakeFirstOrThrow();
    expect((await b.get(`/api/image/${image.id}`)).setCookies).toEqual([]);
    // A private call right after does extend the session.
    expect((await b.get('/api/my/user')).setCookies.some((c) => c.startsWith('session_expires='))).toBe(true);
  });

  it('a request without a session clears a stale session_expires cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/my/user', headers: { cookie: 'session_expires=2026-06-01T18:00:00.000Z' } });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/session_expires=;/);
  });
});
