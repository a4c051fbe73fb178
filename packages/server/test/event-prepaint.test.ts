import { coverImage } from '@foyer/contracts/rules';
import { EVENT_DETAIL_EMBED } from '@foyer/contracts/constants';
import { uuidv7 } from '../src/ids.js';
import { describe, expect, it } from 'vitest';
import { dialects, getJson } from './harness.js';
import { otherSellersEvent, useShellApp } from './shell-app.js';

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
  const shell = useShellApp(dialect, { 'index.html': BUILT, '.vite/route-preloads.json': JSON.stringify(PRELOADS) });

  const shellOf = async (url: string) => {
    const res = await shell.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const pictureOf = (html: string) => /<div id="prepaint"[^>]*>([\s\S]*?)<\/div><\/div><div id="root">/.exec(html);

  it("paints the brand, the cover at its stored size, the title, subtitle and venue, escaped, just before the app's root", async () => {
    const meta = (await getJson(shell.t.app, `/api/events/${shell.ga}`)).body.event_template._data[0].meta;
    const image = await shell.t.db.selectFrom('image').select(['width', 'height']).where('id', '=', meta.image_profile).executeTakeFirstOrThrow();
    await shell.t.db.updateTable('event_template').set({ name: 'Tides & <b>"Light"</b>', subtitle: "Curators' <i>pick</i>" }).where('id', '=', shell.ga).execute();
    try {
      const html = await shellOf(`/events/${shell.ga}`);
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
      await shell.t.db.updateTable('event_template').set({ name: 'General Admission', subtitle: null }).where('id', '=', shell.ga).execute();
    }
  });

  it('sends the JS through the paint-first script: the entry and every module named on it, no script tag or preload of its own', async () => {
    const html = await shellOf(`/events/${shell.ga}/tickets?date=2026-06-02`);
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/paint-first-p1.js" data-entry="/assets/index-abc.js" data-modules="/assets/runtime-r1.js /assets/event-page-e1.js /assets/api-a1.js"></script>',
    );
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c1.css">');
  });

  it("carries the event page's first reads, exactly as /cached_api answers them, safe inside the script element", async () => {
    await shell.t.db.updateTable('event_template').set({ name: 'Close </script><script>alert(1)</script>' }).where('id', '=', shell.ga).execute();
    try {
      const html = await shellOf(`/events/${shell.ga}`);
      const block = /<script id="foyer-event" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
      expect(block, 'the data block').not.toBeNull();
      expect(block![1]).not.toContain('</script>');
      const reads = JSON.parse(block![1]!);
      expect(reads.id).toBe(shell.ga);
      expect(reads.event).toEqual((await getJson(shell.t.app, `/cached_api/events/${shell.ga}?_embed=${EVENT_DETAIL_EMBED.join(',')}`)).body);
      expect(reads.calendar).toEqual((await getJson(shell.t.app, `/cached_api/events/${shell.ga}/calendar?_format=extended`)).body);
      expect(reads.event.event_template._data[0].name).toBe('Close </script><script>alert(1)</script>');
      // The offsets of the zones it shows times in, from yesterday (UTC) for 400 days, as Intl has them.
      const zone = reads.event.venue._data[0].timezone;
      const table = reads.zones[zone];
      const day = 86_400_000;
      expect(Date.parse(table.from)).toBe(Math.floor(shell.t.clock.now.getTime() / day) * day - day);
      expect(Date.parse(table.to) - Date.parse(table.from)).toBe(400 * day);
      expect(table.segments.at(-1).until).toBeNull();
      const offsetAt = (ms: number) => table.segments.find((s: { until: string | null }) => s.until === null || ms < Date.parse(s.until)).offsetMinutes;
      const intlOffset = (ms: number) => {
        const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
        return (Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000;
      };
      for (let at = Date.parse(table.from); at < Date.parse(table.to); at += 5 * 3_600_000) expect(offsetAt(at), new Date(at).toISOString()).toBe(intlOffset(at));
    } finally {
      await shell.t.db.updateTable('event_template').set({ name: 'General Admission' }).where('id', '=', shell.ga).execute();
    }
    for (const url of ['/events', '/events/0190a1b2-0000-7000-8000-000000000000']) expect(await shellOf(url), url).not.toContain('foyer-event');
  });

  it('leaves every other page, an unknown or malformed id and another seller’s event as built', async () => {
    const other = { id: await otherSellersEvent(shell.t) };
    for (const url of ['/', '/events', '/checkout', `/events/${other.id}`, '/events/0190a1b2-0000-7000-8000-000000000000', '/events/not-an-id', `/events/${shell.ga}/tickets/extra`]) {
      const html = await shellOf(url);
      expect(html, url).not.toContain('id="prepaint"');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">');
      expect(html, url).not.toContain('paint-first');
    }
  });

  it("puts the seller's theme tokens in a style, as the tier allows and only plain values, on every page", async () => {
    const seller = await shell.t.db.selectFrom('seller').select('id').where('catalog_key', '=', 'testmuseum').executeTakeFirstOrThrow();
    const id = uuidv7();
    const theme = (value: unknown) => shell.t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'theme', value: JSON.stringify(value) }).execute();
    expect(await shellOf('/events')).not.toContain('<style>');
    await theme({ tokens: { '--color-primary': '#123456', '--radius': '4px', '--bad': 'red;}</style><script>', notAToken: 'x' } });
    try {
      for (const url of ['/events', `/events/${shell.ga}`]) expect(await shellOf(url), url).toContain('<style>:root{--color-primary:#123456;--radius:4px}</style>');
      await shell.t.db.updateTable('config_entry').set({ value: JSON.stringify({ tier: 2, tokens: { '--color-primary': '#123456', '--radius': '4px' } }) }).where('id', '=', id).execute();
      expect(await shellOf('/events')).toContain('<style>:root{--color-primary:#123456}</style>');
      await shell.t.db.updateTable('config_entry').set({ value: JSON.stringify({ tier: 1, tokens: { '--color-primary': '#123456' } }) }).where('id', '=', id).execute();
      expect(await shellOf('/events')).not.toContain('<style>');
    } finally {
      await shell.t.db.deleteFrom('config_entry').where('id', '=', id).execute();
    }
  });
});
