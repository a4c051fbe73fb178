import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PASSWORD, createUser } from './auth-harness.js';
import { testApp, type TestApp } from './harness.js';

/** Bad input to every account call: a 4xx in the error envelope, never a 500. (An empty or null body counts as {}, the convention of parseBody.) */
describe('account calls refuse malformed input with a 4xx', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await testApp('sqlite');
    await createUser(t.db, { email: 'bad-input@example.com' });
    // Logged in, so the my/user calls get as far as reading the body.
    const b = new Browser(t.app, '10.8.0.1');
    expect((await b.post('/api/login', { username: 'bad-input@example.com', password: PASSWORD })).status).toBe(200);
    cookie = [...b.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  });
  afterAll(() => t.close());

  const calls: [string, string][] = [
    ['POST', '/api/login'],
    ['POST', '/api/login/request_otp'],
    ['POST', '/api/password_reset/request'],
    ['POST', '/api/password_reset/validate'],
    ['POST', '/api/password_reset/reset'],
    ['POST', '/api/forgot_membership'],
    ['POST', '/api/user'],
    ['POST', '/api/auth0/start'],
    ['POST', '/api/auth0/callback'],
    ['PUT', '/api/my/user'],
    ['PATCH', '/api/my/user/x'],
  ];
  const bodies: [string, string][] = [
    ['not JSON', '{"email":'],
    ['an array', '[1,2]'],
    ['wrong types', '{"email":5,"username":[],"password":{},"token":true,"code":1,"state":null,"first_name":7}'],
    ['huge strings', JSON.stringify({ email: `${'a'.repeat(5000)}@example.com`, username: 'x'.repeat(5000), token: 'x'.repeat(5000), otp: 'x'.repeat(5000), code: 'x'.repeat(5000), state: 'x'.repeat(5000) })],
  ];

  it.each(calls)('%s %s', async (method, url) => {
    for (const [name, payload] of bodies) {
      const res = await t.app.inject({ method: method as 'POST', url, payload, remoteAddress: '10.8.0.2', headers: { 'content-type': 'application/json', app: 'ecomm', cookie } });
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(JSON.parse(res.body)._data[0]._code, name).toEqual(expect.any(String));
    }
  });
});
