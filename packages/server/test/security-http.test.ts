import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uuidv7 } from '../src/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readSettings } from '../src/settings.js';
import { Browser, PASSWORD, createUser, errorOf } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** Issue 17: the HTTP edge (error envelope, invalid text, CSRF, headers, cookies, proxies, meta). */
describe.each(dialects())('HTTP edge on %s', (dialect) => {
  let t: TestApp;
  const web = mkdtempSync(join(tmpdir(), 'foyer-web-'));
  const shell = '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>';
  writeFileSync(join(web, 'index.html'), shell);
  // The build's precompressed siblings, served to browsers that accept them.
  writeFileSync(join(web, 'index.html.br'), brotliCompressSync(shell));
  writeFileSync(join(web, 'index.html.gz'), gzipSync(shell));
  /** Another app on the same database, with other settings. */
  const appWith = (env: NodeJS.ProcessEnv) => buildApp({ db: t.db, dialect, settings: { ...readSettings(env), webDist: web }, now: () => t.clock.now });
  const envelope = (body: string) => errorOf(JSON.parse(body));

  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'meta@example.com' });
  });
  afterAll(() => t.close());

  describe('every 4xx is the error envelope', () => {
    it('a malformed URL (FST_ERR_BAD_URL) is 400 validation_failed', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/events/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(envelope(res.body)).toMatchObject({ _code: 'validation_failed', _context: 'request' });
    });

    it('a path parameter over the length limit is 414 request_too_large', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events/${'a'.repeat(400)}` });
      expect(res.statusCode).toBe(414);
      expect(envelope(res.body)._code).toBe('request_too_large');
    });

    it('a body over the limit is 413 request_too_large', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }) });
      expect(res.statusCode).toBe(413);
      expect(envelope(res.body)._code).toBe('request_too_large');
    });

    it('headers too large (Node answers before Fastify) are 431 in the envelope', async () => {
      const app = await appWith({});
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as { port: number };
        const raw = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`));
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
        expect(raw).toMatch(/^HTTP\/1\.1 431 /);
        expect(envelope(raw.slice(raw.indexOf('\r\n\r\n') + 4))._code).toBe('request_too_large');
      } finally {
        await app.close();
      }
    });
  });

  describe('NUL and unpaired surrogates are refused at the edge (400, never a 500)', () => {
    it.each([
      ['a query value', '/api/events/available?_seller=%00'],
      ['a filter', '/api/events/available?category=a%00b'],
      ['a path id', '/api/events/%00'],
      ['a cart id', '/api/cart/abc%00def'],
      ['a cached read', '/cached_api/events/available?_seller=x%00'],
    ])('in %s', async (_name, url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { app: 'ecomm' } });
      expect(res.statusCode).toBe(400);
      expect(envelope(res.body)).toMatchObject({ _code: 'validation_failed', _description: expect.stringMatching(/NUL/) });
    });

    it.each([
      ['a NUL in a string', '{"username":"a\\u0000b@example.com","password":"x"}'],
      ['a lone surrogate', '{"username":"a\\ud800@example.com","password":"x"}'],
      ['a NUL in a key', '{"meta":{"a\\u0000":"x"},"first_name":"A","last_name":"B","email":"nul@example.com"}'],
    ])('in a JSON body: %s', async (_name, payload) => {
      for (const url of ['/api/login', '/api/user', '/api/my/cart/modify']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', app: 'ecomm' }, payload });
        expect(res.statusCode, url).toBe(400);
        expect(envelope(res.body)._code).toBe('validation_failed');
      }
    });

    it('in a cookie', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/my/cart', headers: { cookie: 'foyer_identity=%00' } });
      expect(res.statusCode).toBe(400);
      expect(envelope(res.body)._code).toBe('validation_failed');
    });

    it('paired surrogates (emoji) are text like any other', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events/available?category=${encodeURIComponent('🎭')}` });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('state-changing calls come from the storefront and are JSON (CSRF)', () => {
    const logout = (headers: Record<string, string>, payload?: string) => t.app.inject({ method: 'POST', url: '/api/logout', headers, payload });

    it('refuses another origin, even of the same site, and Fetch Metadata saying another site', async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: 'https://evil.example', 'content-type': 'application/json' },
        { origin: 'http://attacker.localhost:3000', 'content-type': 'application/json' },
        { origin: 'null', 'content-type': 'application/json' },
        { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      ]) {
        const res = await logout(headers, '{}');
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(envelope(res.body)._code).toBe('forbidden_origin');
      }
    });

    it('refuses a form (text/plain, urlencoded) or no content type, body or not', async () => {
      for (const [headers, payload] of [
        [{ 'content-type': 'text/plain' }, '{"cart_id":"x"}'],
        [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
        [{}, undefined],
      ] as const) {
        const res = await logout(headers, payload);
        expect(res.statusCode, JSON.stringify(headers)).toBe(415);
        expect(envelope(res.body)._code).toBe('unsupported_media_type');
      }
      const purchaser = await t.app.inject({ method: 'POST', url: '/api/my/cart/purchaser', headers: { 'content-type': 'text/plain', origin: 'https://sub.localhost' }, payload: '{}' });
      expect(purchaser.statusCode).toBe(403);
    });

    it('accepts the storefront: its public origin, its own host, or no Origin at all, with JSON (an empty body too)', async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: 'http://localhost:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        { origin: 'http://shop.internal:8080', host: 'shop.internal:8080', 'content-type': 'application/json' },
        { 'content-type': 'application/json; charset=utf-8' },
      ]) {
        const res = await logout(headers);
        expect(res.statusCode, `${JSON.stringify(headers)} ${res.body}`).toBe(200);
      }
      expect((await logout({ 'content-type': 'application/json' }, '{}')).statusCode).toBe(200);
      // Reads are not state-changing: a cross-origin GET is answered (CORS keeps its body from other sites).
      expect((await t.app.inject({ method: 'GET', url: '/api/events/available', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    const page = async (env: NodeJS.ProcessEnv, headers: Record<string, string> = {}) => {
      const app = await appWith(env);
      try {
        const res = await app.inject({ method: 'GET', url: '/events', headers });
        return { status: res.statusCode, headers: res.headers, csp: String(res.headers['content-security-policy']) };
      } finally {
        await app.close();
      }
    };

    it('the page: a CSP with no inline script, never framed, nosniff, referrer and permissions policies; no HSTS over http', async () => {
      const { headers, csp } = await page({});
      expect(headers['content-type']).toMatch(/text\/html/);
      const script = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(script).toBe("'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/stripe|google/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toMatch(/camera=\(\).*payment=\(\)/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['strict-transport-security']).toBeUndefined();
    });

    it('allows Stripe, the captcha and the tag manager only when configured; HSTS when the public URL is https', async () => {
      const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
      const on = await page({ ...stripe, CAPTCHA_SECRET_KEY: 'secret', FOYER_PUBLIC_URL: 'https://shop.example' });
      expect(/script-src ([^;]*)/.exec(on.csp)?.[1]).toBe("'self' https://js.stripe.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
      expect(on.csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com https:\/\/www\.google\.com\/recaptcha\//);
      expect(on.csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
      expect(on.csp).not.toMatch(/unsafe-inline'?[^;]*;?.*script-src|script-src[^;]*unsafe/);
      expect(on.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(on.headers['permissions-policy']).toContain('payment=(self "https://js.stripe.com")');

      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'tag_manager_id', value: '"GTM-ABCD123"' }).execute();
      try {
        expect((await page({})).csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
      } finally {
        await t.db.deleteFrom('config_entry').where('name', '=', 'tag_manager_id').execute();
      }
    });

    it('a revalidated page (304, no content type) keeps the storefront CSP: browsers merge its headers into the cached page', async () => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await page({}, { 'accept-encoding': encoding });
        const etag = String(first.headers.etag);
        expect(etag, encoding).toMatch(/./);
        const again = await page({}, { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(again.status, encoding).toBe(304);
        expect(/script-src ([^;]*)/.exec(again.csp)?.[1], encoding).toBe("'self'");
      }
    });

    it('FOYER_FRAME_ANCESTORS lets the named sites embed the storefront', async () => {
      const { headers, csp } = await page({ FOYER_FRAME_ANCESTORS: 'https://museum.example, https://*.partner.example' });
      expect(csp).toContain("frame-ancestors 'self' https://museum.example https://*.partner.example");
      expect(headers['x-frame-options']).toBeUndefined();
      expect(() => readSettings({ FOYER_FRAME_ANCESTORS: "'unsafe-inline'" })).toThrow(/FOYER_FRAME_ANCESTORS/);
    });

    it('API answers carry a deny-all CSP and nosniff', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/events/available' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('Secure cookies follow FOYER_PUBLIC_URL', () => {
    const setCookies = async (env: NodeJS.ProcessEnv, headers: Record<string, string> = {}) => {
      const app = await appWith(env);
      try {
        const res = await app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.77.0.1', headers: { 'content-type': 'application/json', ...headers }, payload: { username: 'meta@example.com', password: PASSWORD } });
        expect(res.statusCode).toBe(200);
        const set = res.headers['set-cookie'];
        return (Array.isArray(set) ? set : [set]).filter(Boolean) as string[];
      } finally {
        await app.close();
      }
    };

    it('https public URL: Secure, even when the request reached Foyer over http', async () => {
      const cookies = await setCookies({ FOYER_PUBLIC_URL: 'https://shop.example' });
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) expect(c).toMatch(/; Secure/);
    });

    it('http public URL: not Secure, whatever a trusted proxy says about the protocol', async () => {
      const cookies = await setCookies({ FOYER_PUBLIC_URL: 'http://localhost:3000', FOYER_TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' });
      for (const c of cookies) expect(c).not.toMatch(/Secure/);
    });
  });

  it('FOYER_TRUST_PROXY=true trusts one hop: the address the proxy appended, not one the client wrote', async () => {
    expect(readSettings({ FOYER_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    const app = await appWith({ FOYER_TRUST_PROXY: 'true' });
    try {
      await t.db.deleteFrom('rate_limit').execute();
      await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1, 203.0.113.7' },
        payload: { username: 'nobody@example.com', password: 'Guess-Password-1' },
      });
      const buckets = (await t.db.selectFrom('rate_limit').select('bucket').execute()).map((r) => r.bucket);
      expect(buckets, buckets.join()).toContain('login:ip:203.0.113.7');
      expect(buckets.some((b) => b.includes('198.51.100.1'))).toBe(false);
    } finally {
      await app.close();
    }
  });

  describe('user meta is bounded', () => {
    let b: Browser;
    beforeAll(async () => {
      b = new Browser(t.app, '10.78.0.1');
      expect((await b.post('/api/login', { username: 'meta@example.com', password: PASSWORD })).status).toBe(200);
    });

    it.each([
      ['51 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), /At most 50 meta keys/],
      ['a value over 1000 characters', { bio: 'x'.repeat(1001) }, /meta value of bio may be at most 1000 characters/],
      ['a key over 100 characters', { ['k'.repeat(101)]: 1 }, /keys may be at most 100 characters/],
    ])('refuses %s with 400 validation_failed', async (_name, meta, message) => {
      const res = await b.call('PUT', '/api/my/user', { meta });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ _code: 'validation_failed', _description: expect.stringMatching(message) });
      const registered = await new Browser(t.app, '10.78.0.2').post('/api/user', { first_name: 'A', last_name: 'B', email: `meta-${Math.random()}@example.com`, meta });
      expect(registered.status).toBe(400);
    });

    it('refuses a merge that would pass 16 KB in all; what is stored stays small', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const meta = Object.fromEntries(Array.from({ length: 5 }, (_, j) => [`n${i}_${j}`, 'x'.repeat(900)]));
        statuses.push((await b.call('PUT', '/api/my/user', { meta })).status);
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(400);
      const me = await b.get('/api/my/user?_embed=meta');
      expect(me.status).toBe(200);
      expect(JSON.stringify(me.body).length).toBeLessThan(17_500);
    });
  });
});
