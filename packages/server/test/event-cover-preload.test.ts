import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverImage } from '@foyer/contracts/rules';
import { describe, expect, it } from 'vitest';
import { dialects, getJson, idOf } from './harness.js';
import { otherSellersEvent, useShellApp } from './shell-app.js';

const PRELOAD = /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/g;
const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');

/**
 * The shell of an event page preloads the event's cover (storefront-shell.ts, event-cover-preload.ts)
 * with the <img>'s own srcset and sizes, built by the contracts rule from what GET events/{id}
 * answers; any other page, unknown event or event without a cover: no hint, and never an error.
 */
describe.each(dialects())('event cover preload in the HTML shell on %s', (dialect) => {
  const shell = useShellApp(dialect, { 'index.html': '<!doctype html><html><head><title>Tickets</title></head><body></body></html>' });

  /** An unknown event's page (or another seller's) is a 404, the app's not-found page. */
  const preloadsOf = async (url: string, status = 200) => {
    const res = await shell.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(status);
    return [...res.body.matchAll(PRELOAD)].map(([, href, srcSet, sizes]) => ({ src: unescape(href), srcSet: unescape(srcSet), sizes: unescape(sizes) }));
  };
  const metaOf = async (id: string) => (await getJson(shell.t.app, `/api/events/${id}`)).body.event_template._data[0].meta;

  it('an event page carries exactly the <img> cover addresses, whose files the image route serves', async () => {
    const meta = await metaOf(shell.ga);
    expect(typeof meta.image_profile).toBe('string');
    const expected = coverImage(meta.image_profile);
    expect(await preloadsOf(`/events/${shell.ga}`)).toEqual([expected]);
    expect(await preloadsOf(`/events/${shell.ga}/tickets?date=2026-06-02`)).toEqual([expected]);
    for (const candidate of expected.srcSet.split(', ').map((entry) => entry.split(' ')[0])) {
      const image = await shell.t.app.inject({ method: 'GET', url: candidate });
      expect(image.statusCode, candidate).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('prefers the cover image to the profile image, as the page does; the shell changes (new ETag) with it', async () => {
    const before = await shell.t.app.inject({ method: 'GET', url: `/events/${shell.ga}` });
    const meta = await metaOf(shell.ga);
    await shell.t.db.updateTable('event_template').set({ meta: JSON.stringify({ ...meta, image_cover: 'cover-id' }) }).where('id', '=', shell.ga).execute();
    try {
      expect(await preloadsOf(`/events/${shell.ga}`)).toEqual([coverImage('cover-id')]);
      const after = await shell.t.app.inject({ method: 'GET', url: `/events/${shell.ga}`, headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
    } finally {
      await shell.t.db.updateTable('event_template').set({ meta: JSON.stringify(meta) }).where('id', '=', shell.ga).execute();
    }
  });

  it('no hint for other pages, an unknown or malformed id, an event without a cover or with unreadable meta', async () => {
    const concert = idOf((await getJson(shell.t.app, '/api/events/available')).body.event_template, 'Evening Concert');
    for (const url of ['/', '/events', '/checkout', `/events/${concert}`, '/events/not-an-id', `/events/${shell.ga}/tickets/extra`, `/account/events/${shell.ga}`]) {
      expect(await preloadsOf(url), url).toEqual([]);
    }
    expect(await preloadsOf('/events/0190a1b2-0000-7000-8000-000000000000', 404)).toEqual([]);
    const meta = await metaOf(shell.ga);
    await shell.t.db.updateTable('event_template').set({ meta: '{not json' }).where('id', '=', shell.ga).execute();
    try {
      expect(await preloadsOf(`/events/${shell.ga}`)).toEqual([]);
    } finally {
      await shell.t.db.updateTable('event_template').set({ meta: JSON.stringify(meta) }).where('id', '=', shell.ga).execute();
    }
  });

  it("another seller's event gets no hint in the default seller's shell", async () => {
    const other = { id: await otherSellersEvent(shell.t) };
    expect(await preloadsOf(`/events/${other.id}`, 404)).toEqual([]);
    expect(await preloadsOf(`/events/${shell.ga}`)).toHaveLength(1);
  });

  it("an event page's shell and the listing's also name their page's chunks as modulepreload links (from the build's route-preloads.json); other pages, none", async () => {
    const modules = async (url: string) => [...(await shell.t.app.inject({ method: 'GET', url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map(([, href]) => href);
    expect(await modules(`/events/${shell.ga}`)).toEqual([]); // a build without the file
    mkdirSync(join(shell.dist, '.vite'), { recursive: true });
    writeFileSync(
      join(shell.dist, '.vite/route-preloads.json'),
      JSON.stringify({ '/events/{id}': ['assets/event-page-abc.js', 'assets/api-x_Y.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js'], '/events': ['assets/events-page-l1.js'] }),
    );
    try {
      expect(await modules(`/events/${shell.ga}`)).toEqual(['/assets/event-page-abc.js', '/assets/api-x_Y.js']);
      expect(await modules(`/events/${shell.ga}/tickets?date=2026-06-02`)).toEqual(['/assets/event-page-abc.js', '/assets/api-x_Y.js']);
      expect(await modules('/events')).toEqual(['/assets/events-page-l1.js']);
      expect(await modules('/events?category=Tours')).toEqual(['/assets/events-page-l1.js']);
      for (const other of ['/', '/events/', '/eventsx', '/checkout', '/events/not-an-id']) expect(await modules(other), other).toEqual([]);
    } finally {
      rmSync(join(shell.dist, '.vite'), { recursive: true, force: true });
    }
  });
});
