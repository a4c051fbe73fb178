import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INLINE_CONFIG_ID, INLINE_EVENT_ID, INLINE_QUERIES_ID, INLINE_ROUTER_ID, INLINE_ZONES_ID, SESSION_EXPIRES_COOKIE } from '@foyer/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogIds } from './cart-client.js';
import { dialects, getJson, idOf, postJson, testApp, type TestApp } from './harness.js';

const BUILT = `<!doctype html><html><head><title>Tickets</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

/**
 * The web build's server entry, as the server sees it (http/server-render.ts): this one draws the
 * address and the documents it was given, counts its renders, redirects /, and breaks on
 * a "Broken" event (and streams half a page for a "Torn" one). The real one (packages/web/src/entry-server.tsx) is driven by the
 * browser journeys in e2e/server-render.e2e.ts and e2e/no-script.e2e.ts.
 */
const ENTRY = `
globalThis.__renders = globalThis.__renders ?? [];
globalThis.__unlikeJson = globalThis.__unlikeJson ?? [];
// What JSON would not carry as it is (a Date, NaN, a class): the browser parses these documents from the page's blocks.
const unlikeJson = (v, at) => v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean' ? [] : typeof v === 'number' ? (Number.isFinite(v) ? [] : [at]) : Array.isArray(v) ? v.flatMap((x, i) => unlikeJson(x, at + '.' + i)) : typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype ? Object.entries(v).flatMap(([k, x]) => unlikeJson(x, at + '.' + k)) : [at];
export async function renderPage(url, data) {
  globalThis.__renders.push(url);
  globalThis.__unlikeJson.push(...unlikeJson(data, url));
  if (url === '/') return { kind: 'redirect', status: 302, location: '/events/elsewhere' };
  const event = data.event ? data.event.event.event_template._data[0].name : '-';
  if (event === 'Broken') throw new Error('a component broke');
  const bytes = new TextEncoder().encode('<main>drawn ' + url + ' of ' + event + '</main>');
  // Two chunks, as React flushes a page in parts; a "Torn" event's stream breaks after the first.
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, 6));
      if (event === 'Torn') controller.error(new Error('the stream broke'));
      else {
        controller.enqueue(bytes.slice(6));
        controller.close();
      }
    },
  });
  return { kind: 'page', body, status: 200, routerData: { loaderData: { root: null } }, queries: { mutations: [], queries: [{ queryKey: ['drawn'], state: { data: url } }] } };
}`;

const renders = () => (globalThis as unknown as { __renders: string[] }).__renders;
const unlikeJson = () => (globalThis as unknown as { __unlikeJson: string[] }).__unlikeJson;

/**
 * The public pages (home, the listing, an event page) are drawn on the server when a render module
 * is built, cached per address like /cached_api (dropped by a capacity write to their event), never
 * for a member's session; an unknown event is a 404; a render that breaks is a 500 whose page the
 * browser draws (docs/server-rendering.md).
 */
describe.each(dialects())('server-rendered pages on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let ga: string;
  let tours: string;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'foyer-ssr-'));
    mkdirSync(join(dir, 'web'));
    mkdirSync(join(dir, 'dist-ssr'));
    writeFileSync(join(dir, 'web', 'index.html'), BUILT);
    writeFileSync(join(dir, 'dist-ssr', 'entry-server.mjs'), ENTRY);
    mkdirSync(join(dir, 'web', '.vite'));
    writeFileSync(join(dir, 'web', '.vite', 'route-preloads.json'), JSON.stringify({ 'paint-first': 'assets/paint-first-p1.js', '/events/{id}': ['assets/event-page-e1.js'], '/events': ['assets/events-page-l1.js'], '/': ['assets/home-page-h1.js'] }));
    t = await testApp(dialect, { webDist: join(dir, 'web'), env: { FOYER_DEFAULT_SELLER: 'testmuseum' } });
    const listed = (await getJson(t.app, '/api/events/available')).body.event_template;
    ga = idOf(listed, 'General Admission');
    tours = listed._data.find((e: { id: string }) => e.id !== ga).id;
    ids = await catalogIds(t.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("puts the render in #root; the page carries the routes' data and the render's query cache in place of its reads", async () => {
    const res = await page(`/events/${ga}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root"><main>drawn /events/${ga} of General Admission</main></div>`);
    expect(res.body).toContain(`<script id="${INLINE_ROUTER_ID}" type="application/json">{"loaderData":{"root":null}}</script>`);
    expect(res.body).toContain(`<script id="${INLINE_QUERIES_ID}" type="application/json">{"mutations":[],"queries":[{"queryKey":["drawn"],"state":{"data":"/events/${ga}"}}]}</script>`);
    expect(res.body).toContain(`<script id="${INLINE_CONFIG_ID}" type="application/json">`);
    expect(res.body).toContain(`<script id="${INLINE_ZONES_ID}" type="application/json">`);
    expect(res.body).not.toContain(`<script id="${INLINE_EVENT_ID}"`);
    // A page the server does not draw carries its reads as before.
    const member = await page(`/events/${ga}`, { cookie: `${SESSION_EXPIRES_COOKIE}=2026-06-02T00:00:00Z` });
    expect(member.body).toContain(`<script id="${INLINE_EVENT_ID}" type="application/json">`);
    expect(member.body).not.toContain(`<script id="${INLINE_QUERIES_ID}"`);
  });

  it('hands the render the documents of its data blocks as objects, with nothing in them JSON would change (the browser parses the same from the page)', async () => {
    for (const url of [`/events/${ga}?fresh=1`, `/events/${tours}?fresh=1`, '/events?fresh=1']) expect((await page(url)).statusCode).toBe(200);
    expect(renders()).toEqual(expect.arrayContaining([`/events/${ga}?fresh=1`, '/events?fresh=1']));
    expect(unlikeJson()).toEqual([]);
  });

  it("asks for a drawn page's JS once it has painted: the paint-first script in place of the entry and its preloads", async () => {
    const drawn = (await page(`/events/${ga}`)).body;
    expect(drawn).toContain('<script type="module" crossorigin src="/assets/paint-first-p1.js" data-entry="/assets/index-abc.js" data-modules="/assets/event-page-e1.js"></script>');
    expect(drawn).not.toContain('<link rel="modulepreload"');
    expect(drawn).not.toContain('src="/assets/index-abc.js"');
    // A page the browser draws itself starts its JS at once.
    const member = (await page(`/events/${ga}`, { cookie: `${SESSION_EXPIRES_COOKIE}=2026-06-02T00:00:00Z` })).body;
    expect(member).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(member).toContain('<link rel="modulepreload" crossorigin href="/assets/event-page-e1.js">');    // The home page too: its own chunks, after the first paint.
    const home = (await page('/?ref=mail')).body;
    expect(home).toContain('<script type="module" crossorigin src="/assets/paint-first-p1.js" data-entry="/assets/index-abc.js" data-modules="/assets/home-page-h1.js"></script>');
    expect(home).not.toContain('src="/assets/index-abc.js"');
  });

  it("streams a drawn page to the visitor who asked for it, then serves the cache's whole copy with its ETag; visitors asking meanwhile share one render", async () => {
    t.app.responseCache?.invalidate();
    const before = renders().length;
    const [first, second, third] = await Promise.all([page(`/events/${ga}`), page(`/events/${ga}`), page(`/events/${ga}`)]);
    expect(renders().length - before).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    // The drawn page's data come after it: they are known once it is drawn.
    expect(first.body.indexOf(`<div id="root"><main>drawn`)).toBeLessThan(first.body.indexOf(`<script id="${INLINE_QUERIES_ID}"`));
    expect(first.body.indexOf(`<script id="${INLINE_ROUTER_ID}"`)).toBeLessThan(first.body.indexOf('</body>'));
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
    const cached = await page(`/events/${ga}`);
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(second.headers.etag);
    // An address with a query is drawn per request and streamed whole, never cached.
    const queried = await page(`/events/${ga}?from=mail`);
    expect(queried.body).toContain(`<div id="root"><main>drawn /events/${ga}?from=mail of General Admission</main></div>`);
    expect(queried.body.trimEnd().endsWith('</html>')).toBe(true);
    expect(queried.headers.etag).toBeUndefined();
  });

  it('a page stream that breaks ends the answer early, is logged, and is not cached', async () => {
    const { name } = await t.db.selectFrom('event_template').select('name').where('id', '=', tours).executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ name: 'Torn' }).where('id', '=', tours).execute();
    t.app.responseCache?.invalidate();
    const before = renders().length;
    try {
      const torn = await page(`/events/${tours}`);
      // It broke before the answer's first byte went out: an error, never part of a page.
      expect(torn.statusCode).toBe(500);
      expect(torn.body).not.toContain('<main>');
    } finally {
      await t.db.updateTable('event_template').set({ name }).where('id', '=', tours).execute();
    }
    t.app.responseCache?.invalidateEvents([tours]);
    const again = await page(`/events/${tours}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`drawn /events/${tours} of ${name}`);
    expect(renders().length - before).toBe(2);
  });

  it('caches a page per address until a capacity write to its event; another event keeps its page; an ETag gives a 304', async () => {
    await page(`/events/${ga}`);
    await page(`/events/${tours}`);
    const before = renders().length;
    const again = await page(`/events/${ga}`);
    await page(`/events/${tours}`);
    expect(renders().length).toBe(before);
    expect((await page(`/events/${ga}`, { 'if-none-match': again.headers.etag as string })).statusCode).toBe(304);

    const cart = await postJson(t.app, '/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', '2026-06-04T22:00:00.000Z') }] });
    expect(cart.status).toBe(200);
    await page(`/events/${ga}`);
    await page(`/events/${tours}`);
    expect(renders().slice(before)).toEqual([`/events/${ga}`]);
  });

  it("never draws or caches a member's page: a session cookie gets the page unrendered, and the next visitor the public one", async () => {
    const before = renders().length;
    const member = await page('/events', { cookie: `${SESSION_EXPIRES_COOKIE}=2026-06-02T00:00:00Z` });
    expect(member.body).toContain('<div id="root"></div>');
    expect(renders().length).toBe(before);
    expect((await page('/events')).body).toContain('<main>drawn /events of -</main>');
  });

  it('an unknown event is a 404 left to the app; a redirect a route asks for is sent as one', async () => {
    const unknown = await page('/events/01a22171-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    const home = await page('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/events/elsewhere');
    // An express link is the browser's: it keeps the flag for the tab before the address loses it.
    const express = await page(`/events/${ga}?express=1`);
    expect(express.statusCode).toBe(200);
    expect(express.body).toContain('<div id="root"></div>');
  });

  it('a render that breaks answers 500 with the page unrendered (the browser draws it), no trace of the error, and is not cached', async () => {
    const { name } = await t.db.selectFrom('event_template').select('name').where('id', '=', tours).executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ name: 'Broken' }).where('id', '=', tours).execute();
    t.app.responseCache?.invalidate();
    try {
      const res = await page(`/events/${tours}`);
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain(`<script id="${INLINE_CONFIG_ID}"`);
      expect(res.body).not.toContain('a component broke');
    } finally {
      await t.db.updateTable('event_template').set({ name }).where('id', '=', tours).execute();
    }
    // The failed answer was not kept: the next visitor gets a new render.
    const again = await page(`/events/${tours}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`drawn /events/${tours} of ${name}`);
  });
});
