import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { coverImage } from '@foyer/contracts/rules';
import { uuidv7 } from '../src/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { dialects, FIXTURE, getJson, idOf, NOW, testApp, type TestApp } from './harness.js';

/** The built shell as Vite writes it: the entry's script tag, the runtime's modulepreload, the CSS, the app's root. */
const BUILT = `<!doctype html><html><head><title>Tickets</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">
<link rel="stylesheet" crossorigin href="/assets/index-c1.css">
</head><body><div id="root"></div></body></html>`;
const PRELOADS = { 'paint-first': 'assets/paint-first-p1.js', '/events/{id}': ['assets/event-page-e1.js', 'assets/api-a1.js'] };

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * An event page's HTML shell paints the top of the page before the app (event-prepaint.ts): the
 * seller's brand, the event's cover (the <img>'s own addresses and stored size), title, subtitle
 * and venue, escaped; its JS goes out through the paint-first script (route-module-preload.ts).
 * Any other page, an unknown event or another seller's: the shell as built. The seller's theme
 * tokens go in as a style on every page.
 */
describe.each(dialects())('the painted event page in the HTML shell on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let ga: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    writeFileSync(join(dist, 'index.html'), BUILT);
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
    t = await testApp(dialect, { webDist: dist, env: { FOYER_DEFAULT_SELLER: 'testmuseum' } });
    ga = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'General Admission');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const shellOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const pictureOf = (html: string) => /<div id="prepaint"[^>]*>([\s\S]*?)<\/div><\/div><div id="root">/.exec(html);

  it("paints the brand, the cover at its stored size, the title, subtitle and venue, escaped, just before the app's root", async () => {
    const meta = (await getJson(t.app, `/api/events/${ga}`)).body.event_template._data[0].meta;
    const image = await t.db.selectFrom('image').select(['width', 'height']).where('id', '=', meta.image_profile).executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ name: 'Tides & <b>"Light"</b>', subtitle: "Curators' <i>pick</i>" }).where('id', '=', ga).execute();
    try {
      const html = await shellOf(`/events/${ga}`);
      const picture = pictureOf(html);
      expect(picture, 'the picture sits right before #root').not.toBeNull();
      expect(html).toContain('<div id="prepaint" aria-hidden="true" inert>');
      const body = picture![1]!;
      expect(body).toContain('<span class="header__name">Test Museum</span>');
      expect(body).toContain('<h1 class="page-title" style="margin-bottom:0">Tides &amp; &lt;b&gt;&quot;Light&quot;&lt;/b&gt;</h1>');
      expect(body).toContain('<p class="event-header__subtitle">Curators&#39; &lt;i&gt;pick&lt;/i&gt;</p>');
      expect(body).toContain('<p class="event-header__venue">Main Building</p>');
      expect(body).not.toMatch(/<b>|<i>/);
      const img = /<img src="([^"]*)" srcset="([^"]*)" sizes="([^"]*)" alt="" width="(\d+)" height="(\d+)"/.exec(body);
      const { src, srcSet, sizes } = coverImage(meta.image_profile);
      expect(img && { src: unescape(img[1]!), srcSet: unescape(img[2]!), sizes: unescape(img[3]!) }).toEqual({ src, srcSet, sizes });
      expect([Number(img![4]), Number(img![5])]).toEqual([image.width ?? 1500, image.height ?? Math.round(1500 / (21 / 8))]);
    } finally {
      await t.db.updateTable('event_template').set({ name: 'General Admission', subtitle: null }).where('id', '=', ga).execute();
    }
  });

  it('sends the JS through the paint-first script: the entry and every module named on it, no script tag or preload of its own', async () => {
    const html = await shellOf(`/events/${ga}/tickets?date=2026-06-02`);
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/paint-first-p1.js" data-entry="/assets/index-abc.js" data-modules="/assets/runtime-r1.js /assets/event-page-e1.js /assets/api-a1.js"></script>',
    );
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c1.css">');
  });

  it('leaves every other page, an unknown or malformed id and another seller’s event as built', async () => {
    const catalog = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    await importCatalog(t.db, { ...catalog, seller: { ...catalog.seller, key: 'othermuseum', name: 'Other Museum' } }, { baseDir: dirname(FIXTURE), now: NOW });
    const other = await t.db
      .selectFrom('event_template')
      .innerJoin('seller', 'seller.id', 'event_template.seller_id')
      .select('event_template.id')
      .where('seller.catalog_key', '=', 'othermuseum')
      .executeTakeFirstOrThrow();
    for (const url of ['/', '/events', '/checkout', `/events/${other.id}`, '/events/0190a1b2-0000-7000-8000-000000000000', '/events/not-an-id', `/events/${ga}/tickets/extra`]) {
      const html = await shellOf(url);
      expect(html, url).not.toContain('id="prepaint"');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">');
      expect(html, url).not.toContain('paint-first');
    }
  });

  it("puts the seller's theme tokens in a style, as the tier allows and only plain values, on every page", async () => {
    const seller = await t.db.selectFrom('seller').select('id').where('catalog_key', '=', 'testmuseum').executeTakeFirstOrThrow();
    const id = uuidv7();
    const theme = (value: unknown) => t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'theme', value: JSON.stringify(value) }).execute();
    expect(await shellOf('/events')).not.toContain('<style>');
    await theme({ tokens: { '--color-primary': '#123456', '--radius': '4px', '--bad': 'red;}</style><script>', notAToken: 'x' } });
    try {
      for (const url of ['/events', `/events/${ga}`]) expect(await shellOf(url), url).toContain('<style>:root{--color-primary:#123456;--radius:4px}</style>');
      await t.db.updateTable('config_entry').set({ value: JSON.stringify({ tier: 2, tokens: { '--color-primary': '#123456', '--radius': '4px' } }) }).where('id', '=', id).execute();
      expect(await shellOf('/events')).toContain('<style>:root{--color-primary:#123456}</style>');
      await t.db.updateTable('config_entry').set({ value: JSON.stringify({ tier: 1, tokens: { '--color-primary': '#123456' } }) }).where('id', '=', id).execute();
      expect(await shellOf('/events')).not.toContain('<style>');
    } finally {
      await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
    }
  });
});
