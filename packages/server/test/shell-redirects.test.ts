import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { dialects, testApp, type TestApp } from './harness.js';

/**
 * docs/routes.md#guards navigation guards on a page's first request: a trailing slash is stripped (301) and the
 * seller's web.redirects sends home or a listed path to its target (302), and every page under a host
 * without the seller's prefix when require_seller_prefix is set; API paths never redirect.
 */
describe.each(dialects())('page redirects on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body>Foyer</body></html>');
    t = await testApp(dialect, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('strips a trailing slash, keeping the query', async () => {
    const res = await get('/events/?category=Shows');
    expect([res.statusCode, res.headers.location]).toEqual([301, '/events?category=Shows']);
    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/events')).statusCode).toBe(200);
  });

  it('sends home and listed paths to their configured targets; nothing else, and never an unsafe target', async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const value = { disable_home_route: 'https://museum.example/visit', paths: { '/resend': '/events', '/old': '//evil.example' } };
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'redirects', value: JSON.stringify(value) }).execute();
    const home = await get('/?utm_source=newsletter');
    expect([home.statusCode, home.headers.location]).toEqual([302, 'https://museum.example/visit']);
    const resend = await get('/resend');
    expect([resend.statusCode, resend.headers.location]).toEqual([302, '/events']);
    expect((await get('/old')).statusCode).toBe(200);
    expect((await get('/events')).statusCode).toBe(200);
    // The API is never redirected.
    expect((await get('/api/config')).statusCode).toBe(200);
    expect((await get('/api/nothing/')).statusCode).toBe(404);
  });

  it('require_seller_prefix: a page under a host that does not start with the seller key goes to the URL; the API stays', async () => {
    const seller = await t.db.selectFrom('seller').select(['id', 'catalog_key']).executeTakeFirstOrThrow();
    const value = { require_seller_prefix: 'https://platform.example/find-your-venue', paths: { '/resend': '/events' } };
    await t.db.updateTable('config_entry').set({ value: JSON.stringify(value) }).where('seller_id', '=', seller.id).where('name', '=', 'redirects').execute();
    const at = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
    for (const url of ['/', '/events', '/resend']) {
      const bare = await at('tickets.example.org', url);
      expect([url, bare.statusCode, bare.headers.location]).toEqual([url, 302, 'https://platform.example/find-your-venue']);
    }
    expect((await at('127.0.0.1:3000', '/events')).statusCode).toBe(302);
    // Under the seller's own prefix (any case, any port) the storefront answers, and the other rules still apply.
    const own = `${seller.catalog_key.toUpperCase()}.tickets.example.org:8443`;
    expect((await at(own, '/events')).statusCode).toBe(200);
    expect((await at(own, '/')).statusCode).toBe(200);
    const resend = await at(own, '/resend');
    expect([resend.statusCode, resend.headers.location]).toEqual([302, '/events']);
    expect((await at('tickets.example.org', '/api/config')).statusCode).toBe(200);
    // A path of this site is no target for it: asked again under the same host, it would loop.
    await t.db.updateTable('config_entry').set({ value: JSON.stringify({ require_seller_prefix: '/events' }) }).where('seller_id', '=', seller.id).where('name', '=', 'redirects').execute();
    expect((await at('other.example.org', '/')).statusCode).toBe(200);
  });
});
