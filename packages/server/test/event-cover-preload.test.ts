import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { coverImage } from '@foyer/contracts/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { dialects, FIXTURE, getJson, idOf, NOW, testApp, type TestApp } from './harness.js';

const PRELOAD = /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/g;
const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');

/**
 * The shell of an event page preloads the event's cover (storefront-shell.ts, event-cover-preload.ts)
 * with the <img>'s own srcset and sizes, built by the contracts rule from what GET events/{id}
 * answers; any other page, unknown event or event without a cover: no hint, and never an error.
 */
describe.each(dialects())('event cover preload in the HTML shell on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let ga: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Tickets</title></head><body></body></html>');
    t = await testApp(dialect, { webDist: dist, env: { FOYER_DEFAULT_SELLER: 'testmuseum' } });
    ga = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'General Admission');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const preloadsOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return [...res.body.matchAll(PRELOAD)].map(([, href, srcSet, sizes]) => ({ src: unescape(href!), srcSet: unescape(srcSet!), sizes: unescape(sizes!) }));
  };
  const metaOf = async (id: string) => (await getJson(t.app, `/api/events/${id}`)).body.event_template._data[0].meta;

  it('an event page carries exactly the <img> cover addresses, whose files the image route serves', async () => {
    const meta = await metaOf(ga);
    expect(typeof meta.image_profile).toBe('string');
    const expected = coverImage(meta.image_profile);
    expect(await preloadsOf(`/events/${ga}`)).toEqual([expected]);
    expect(await preloadsOf(`/events/${ga}/tickets?date=2026-06-02`)).toEqual([expected]);
    for (const candidate of expected.srcSet.split(', ').map((entry) => entry.split(' ')[0]!)) {
      const image = await t.app.inject({ method: 'GET', url: candidate });
      expect(image.statusCode, candidate).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('prefers the cover image to the profile image, as the page does; the shell changes (new ETag) with it', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/events/${ga}` });
    const meta = await metaOf(ga);
    await t.db.updateTable('event_template').set({ meta: JSON.stringify({ ...meta, image_cover: 'cover-id' }) }).where('id', '=', ga).execute();
    try {
      expect(await preloadsOf(`/events/${ga}`)).toEqual([coverImage('cover-id')]);
      const after = await t.app.inject({ method: 'GET', url: `/events/${ga}`, headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
    } finally {
      await t.db.updateTable('event_template').set({ meta: JSON.stringify(meta) }).where('id', '=', ga).execute();
    }
  });

  it('no hint for other pages, an unknown or malformed id, an event without a cover or with unreadable meta', async () => {
    const concert = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'Evening Concert');
    for (const url of ['/', '/events', '/checkout', `/events/${concert}`, '/events/0190a1b2-0000-7000-8000-000000000000', '/events/not-an-id', `/events/${ga}/tickets/extra`, `/account/events/${ga}`]) {
      expect(await preloadsOf(url), url).toEqual([]);
    }
    const meta = await metaOf(ga);
    await t.db.updateTable('event_template').set({ meta: '{not json' }).where('id', '=', ga).execute();
    try {
      expect(await preloadsOf(`/events/${ga}`)).toEqual([]);
    } finally {
      await t.db.updateTable('event_template').set({ meta: JSON.stringify(meta) }).where('id', '=', ga).execute();
    }
  });

  it("another seller's event gets no hint in the default seller's shell", async () => {
    const catalog = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    await importCatalog(t.db, { ...catalog, seller: { ...catalog.seller, key: 'othermuseum', name: 'Other Museum' } }, { baseDir: dirname(FIXTURE), now: NOW });
    const other = await t.db
      .selectFrom('event_template')
      .innerJoin('seller', 'seller.id', 'event_template.seller_id')
      .select('event_template.id')
      .where('seller.catalog_key', '=', 'othermuseum')
      .where('event_template.name', '=', 'General Admission')
      .executeTakeFirstOrThrow();
    expect(await preloadsOf(`/events/${other.id}`)).toEqual([]);
    expect(await preloadsOf(`/events/${ga}`)).toHaveLength(1);
  });

  it("an event page's shell also names its page's chunks as modulepreload links (from the build's route-preloads.json); other pages, none", async () => {
    const modules = async (url: string) => [...(await t.app.inject({ method: 'GET', url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map(([, href]) => href);
    expect(await modules(`/events/${ga}`)).toEqual([]); // a build without the file
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite/route-preloads.json'), JSON.stringify({ '/events/{id}': ['assets/event-page-abc.js', 'assets/api-x_Y.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js'] }));
    try {
      expect(await modules(`/events/${ga}`)).toEqual(['/assets/event-page-abc.js', '/assets/api-x_Y.js']);
      expect(await modules(`/events/${ga}/tickets?date=2026-06-02`)).toEqual(['/assets/event-page-abc.js', '/assets/api-x_Y.js']);
      for (const other of ['/', '/events', '/checkout', '/events/not-an-id']) expect(await modules(other), other).toEqual([]);
    } finally {
      rmSync(join(dist, '.vite'), { recursive: true, force: true });
    }
  });
});
