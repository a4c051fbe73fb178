import type { TEventSession } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { dialects, getJson } from './harness.js';
import { eventProblems } from './schema-org-event.js';
import { useShellApp } from './shell-app.js';

const BUILT = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Tickets, passes and memberships." />
<title>Tickets</title></head><body><div id="root"></div></body></html>`;
const PUBLIC = 'https://tickets.example.org';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The head of a page as a crawler reads it. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) => {
    const found = [...head.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)].filter((m) => m[2] === key).map((m) => unescape(m[3]));
    return found.length > 1 ? found : found[0];
  };
  return {
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => unescape(m[1])),
    descriptions: [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => unescape(m[1])),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    meta,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>),
  };
}

/**
 * Search engines and link previews (docs/search-engines.md): every public page's HTML carries its
 * own title, description, canonical link, Open Graph and Twitter tags with absolute URLs on
 * FOYER_PUBLIC_URL; a public event page its schema.org Event, valid against the vocabulary.
 */
describe.each(dialects())('the public pages’ heads on %s', (dialect) => {
  const shell = useShellApp(dialect, { 'index.html': BUILT }, { FOYER_PUBLIC_URL: `${PUBLIC}/` });
  const page = async (url: string, status = 200) => {
    const res = await shell.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(status);
    return headOf(res.body);
  };
  const eventId = async (name: string) => (await shell.t.db.selectFrom('event_template').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('an event page has its own title, description, canonical link and previews, all absolute', async () => {
    const head = await page(`/events/${shell.ga}`);
    expect(head.titles).toEqual(['General Admission · Test Museum']);
    // The event's description as text stands in for the built generic one.
    expect(head.descriptions).toEqual(['Hello world']);
    expect(head.canonical).toBe(`${PUBLIC}/events/${shell.ga}`);
    expect(head.meta('robots')).toBeUndefined();
    expect(head.meta('og:title')).toBe('General Admission · Test Museum');
    expect(head.meta('og:site_name')).toBe('Test Museum');
    expect(head.meta('og:url')).toBe(`${PUBLIC}/events/${shell.ga}`);
    expect(head.meta('og:image')).toMatch(new RegExp(`^${PUBLIC}/api/image/[0-9a-f-]{36}\\?sizex=1500&shrink_only=T$`));
    expect(head.meta('og:image:alt')).toBe('A test image');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    // Its sub-pages (a flow's later step) are the same page to a search engine.
    expect((await page(`/events/${shell.ga}/membership?x=1`)).canonical).toBe(`${PUBLIC}/events/${shell.ga}`);
  });

  it("carries a schema.org Event: its next session, schedule, venue and everyone's offers", async () => {
    const [ld, ...more] = (await page(`/events/${shell.ga}`)).jsonLd;
    expect(more).toEqual([]);
    expect(eventProblems(ld)).toEqual([]);
    const sessions = (await getJson(shell.t.app, `/cached_api/events/${shell.ga}/sessions?start_datetime._gte=${shell.t.clock.now.toISOString()}&_sort=start_datetime`)).body.event_session._data as TEventSession[];
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'General Admission',
      description: 'Hello world',
      url: `${PUBLIC}/events/${shell.ga}`,
      startDate: sessions[0].start_datetime_local,
      endDate: sessions[0].end_datetime_local,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Main Building' },
      organizer: { '@type': 'Organization', name: 'Test Museum', url: `${PUBLIC}/` },
      eventSchedule: { '@type': 'Schedule', startDate: '2026-06-01', scheduleTimezone: 'America/New_York', repeatFrequency: 'P1W' },
    });
    expect(ld.image).toEqual([(await page(`/events/${shell.ga}`)).meta('og:image')]);
    const offers = ld.offers as { name: string; price: string; priceCurrency: string; availability: string; url: string }[];
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ['Adult', '20.00', 'USD'],
      ['Child', '10.50', 'USD'],
      ['VIP', '99.00', 'USD'],
    ]);
    for (const offer of offers) expect(offer).toMatchObject({ availability: 'https://schema.org/InStock', url: `${PUBLIC}/events/${shell.ga}` });
  });

  it('the check finds what is wrong (it can fail)', () => {
    const good = { '@context': 'https://schema.org', '@type': 'Event', name: 'x', startDate: '2026-06-01', location: { '@type': 'Place', name: 'v' } };
    expect(eventProblems({ ...good, startDate: 'tomorrow', colour: 'red', eventStatus: 'https://schema.org/Scheduled' })).toEqual(
      expect.arrayContaining([
        'Event.colour is not a property of schema.org Event',
        'startDate must be an ISO 8601 date or date-time, got tomorrow',
        'eventStatus must be an EventStatusType, got https://schema.org/Scheduled',
      ]),
    );
  });

  it('a members-only event carries none and is not indexed; a link-only one is not indexed', async () => {
    const members = await page(`/events/${await eventId('Members Preview')}`);
    expect(members.titles).toEqual(['Members Preview · Test Museum']);
    expect(members.jsonLd).toEqual([]);
    expect(members.meta('robots')).toBe('noindex');
    const linkOnly = await page(`/events/${await eventId('Link Only Tour')}`);
    expect(linkOnly.meta('robots')).toBe('noindex');
    // Its catalog gives it no description or image: only what is recommended is missing.
    expect(linkOnly.jsonLd.map((ld) => eventProblems(ld).filter((p) => !p.endsWith('is recommended')))).toEqual([[]]);
  });

  it('text from the catalog cannot end its element: </script>, <!-- and U+2028 are escaped', async () => {
    const name = 'Close </script><script>alert(1)</script> <!-- x \u2028 & "q"';
    const original = await shell.t.db.selectFrom('event_template').select(['name', 'description']).where('id', '=', shell.ga).executeTakeFirstOrThrow();
    await shell.t.db.updateTable('event_template').set({ name, description: '<p>Before &lt;/script&gt;<!-- hidden --> &amp; after</p>' }).where('id', '=', shell.ga).execute();
    try {
      const res = await shell.t.app.inject({ method: 'GET', url: `/events/${shell.ga}` });
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1];
      expect(block).not.toMatch(/[<>\u2028\u2029]/);
      expect(JSON.parse(block).name).toBe(name);
      expect(JSON.parse(block).description).toBe('Before </script> & after');
      const head = headOf(res.body);
      expect(head.titles).toEqual([`${name} · Test Museum`]);
      expect(res.body).not.toContain('<script>alert(1)');
    } finally {
      await shell.t.db.updateTable('event_template').set(original).where('id', '=', shell.ga).execute();
    }
  });

  it('the listing (filters or not) and home have their own titles, one canonical address each, and an absolute picture', async () => {
    for (const url of ['/events', '/events?category=Admission&date=<script>']) {
      const listing = await page(url);
      expect(listing.titles).toEqual(['Events · Test Museum']);
      expect(listing.descriptions).toEqual(["What's on at Test Museum: dates, times and tickets."]);
      expect(listing.canonical).toBe(`${PUBLIC}/events`);
      expect(listing.meta('og:image')).toMatch(new RegExp(`^${PUBLIC}/api/image/`));
      expect(listing.jsonLd).toEqual([]);
    }
    const home = await page('/');
    expect(home.titles).toEqual(['Welcome · Test Museum']);
    expect(home.descriptions).toEqual(['Tickets, passes and memberships of Test Museum.']);
    expect(home.canonical).toBe(`${PUBLIC}/`);
    expect(home.meta('og:url')).toBe(`${PUBLIC}/`);
    expect(home.meta('og:image')).toMatch(new RegExp(`^${PUBLIC}/api/image/`));
  });

  it('an unknown event is a 404, not indexed; other pages keep the built title', async () => {
    const unknown = await page('/events/01900000-0000-7000-8000-000000000000', 404);
    expect(unknown.titles).toEqual(['Test Museum']);
    expect(unknown.meta('robots')).toBe('noindex');
    expect(unknown.jsonLd).toEqual([]);
    const checkout = await page('/checkout');
    expect(checkout.titles).toEqual(['Tickets']);
    expect(checkout.canonical).toBeUndefined();
  });
});
