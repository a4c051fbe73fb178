import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../web/build/precompress.js';
import { INLINE_CONFIG_ID } from '@foyer/contracts/constants';
import { dialects, testApp, type TestApp } from './harness.js';

/** The configuration the server puts in the page (a JSON data block). */
const CONFIG_BLOCK = new RegExp(`<script id="${INLINE_CONFIG_ID}" type="application/json">(.*?)</script>`);

const ASSET = `console.log(${JSON.stringify('storefront '.repeat(400))});\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>Foyer</p>'.repeat(200)}</body></html>`;

/** A tiny built storefront, precompressed as the web build does. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  expect(precompressDirectory(dir)).toBe(2);
  return dir;
}

const decode = (encoding: string | undefined, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe.each(dialects())('compression on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await testApp(dialect, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the precompressed asset by Accept-Encoding, immutable, with Vary', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      ['', undefined],
      ['x-garbage;;q=?', undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(decode(encoding, res.rawPayload)).toBe(ASSET);
    }
    const none = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(ASSET);
  });

  it('an asset too small to have siblings is still served whole, whatever the Accept-Encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity', 'nonsense']) {
      const res = await get('/assets/tiny-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(decode(res.headers['content-encoding'], res.rawPayload), accept).toBe('export {};\n');
    }
  });

  it('the HTML shell (also as the history fallback) is compressed and never cached stale', async () => {
    for (const url of ['/index.html', '/events/some-event', '/']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      // The history fallback carries the configuration and the page's own head tags (storefront-shell.ts,
      // docs/search-engines.md); the file itself is as built.
      const page = decode('br', res.rawPayload);
      if (url === '/index.html') expect(page).toBe(HTML);
      else {
        if (url === '/') expect(page).toContain('<link rel="canonical"');
        const shellOnly = page.replace(CONFIG_BLOCK, '').replace(/<title>.*?<\/title>|<meta [^>]*>|<link rel="canonical"[^>]*>/g, '');
        expect(shellOnly).toBe(HTML);
      }
    }
  });

  it('the shell carries the configuration GET config?_embed=seller answers, safe inside its script element; 304 while unchanged', async () => {
    const page = (await get('/events/some-event')).body;
    const block = CONFIG_BLOCK.exec(page)!;
    expect(JSON.parse(block[1])).toEqual((await get('/api/config?_embed=seller')).json());
    // A value that would end the element stays inside it.
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: 'cfg-evil', resource_id: seller.id, seller_id: seller.id, namespace: 'web', name: 'copyright', value: JSON.stringify('</script><script>alert(1)</script>') }).execute();
    try {
      const evil = (await get('/events/some-event')).body;
      expect(evil).not.toContain('<script>alert(1)');
      const inline = JSON.parse(CONFIG_BLOCK.exec(evil)![1]);
      expect(inline.config._data.find((e: { name: string }) => e.name === 'copyright').value).toBe('</script><script>alert(1)</script>');
      const first = await get('/events/some-event');
      const again = await get('/events/other', { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
    } finally {
      await t.db.deleteFrom('config_entry').where('id', '=', 'cfg-evil').execute();
    }
    const changed = await get('/events/other', { 'if-none-match': String((await get('/')).headers.etag) + 'x' });
    expect(changed.statusCode).toBe(200);
  });

  it('API answers over 1 KB are compressed by Accept-Encoding; absent, identity or garbage: plain', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['bogus, *;q=nonsense', undefined],
    ] as const) {
      const res = await get('/api/openapi.json', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(decode(encoding, res.rawPayload)).toBe(plain.body);
    }
    // Small answers are not worth it.
    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('/cached_api keeps its ETag and 304 under compression', async () => {
    const url = '/cached_api/events/available?_embed=venue,image';
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode('br', br.rawPayload)).toBe(plain.body);
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"/);
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await get(url, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('images stream uncompressed', async () => {
    const listing = JSON.parse((await get('/cached_api/events/available?_embed=image')).body);
    const image = listing.image._data[0];
    const res = await get(`/cached_api/image/${image.id}`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
