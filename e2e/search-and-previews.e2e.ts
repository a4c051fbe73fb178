import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copiedWebDist, DESKTOP, newPage, useStorefront, type Storefront } from './harness.js';

const PUBLIC = 'https://tickets.example.org';

/**
 * Search engines and link previews (docs/search-engines.md): an event page's head, as the browser
 * has it once the app runs, carries its own title, description, canonical link, Open Graph and
 * Twitter tags with absolute addresses on FOYER_PUBLIC_URL, and its schema.org Event; the
 * sitemap lists it and robots.txt names the sitemap.
 */
describe("an event page's head", () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront(
    (s, b) => ((sf = s), (browser = b)),
    () => ({ ...copiedWebDist(), FOYER_PUBLIC_URL: PUBLIC }),
  );

  it('has its title, description, canonical link, previews and Event JSON-LD, and the sitemap lists it', async () => {
    const list = (await (await fetch(`${sf.url}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
    const id = list.event_template._data.find((e) => e.name === 'General Admission')!.id;
    const { page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${sf.url}/events/${id}`);
    await expect.poll(() => page.locator('#root h1').first().textContent()).toBe('General Admission');
    const head = await page.evaluate(() => {
      const meta = (key: string) => document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
      return {
        title: document.title,
        titles: document.head.querySelectorAll('title').length,
        description: meta('description'),
        canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        og: { title: meta('og:title'), url: meta('og:url'), image: meta('og:image'), description: meta('og:description') },
        twitter: { card: meta('twitter:card'), image: meta('twitter:image') },
        jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent)),
      };
    });
    const seller = (await (await fetch(`${sf.url}/api/config?_embed=seller`)).json()) as { seller: { _data: { name: string; currency: string }[] } };
    const { name: sellerName, currency } = seller.seller._data[0];
    // The app's own title is the one the server wrote: nothing changes once it runs.
    expect(head.title).toBe(`General Admission · ${sellerName}`);
    expect(head.titles).toBe(1);
    expect(head.description).toBeTruthy();
    expect(head.canonical).toBe(`${PUBLIC}/events/${id}`);
    expect(head.og).toMatchObject({ title: head.title, url: `${PUBLIC}/events/${id}`, description: head.description });
    expect(head.og.image).toMatch(new RegExp(`^${PUBLIC}/api/image/`));
    expect(head.twitter).toEqual({ card: 'summary_large_image', image: head.og.image });
    // The preview's picture is served (from this server, standing in for the public address).
    expect((await fetch(head.og.image!.replace(PUBLIC, sf.url))).status).toBe(200);
    expect(head.jsonLd).toHaveLength(1);
    const [event] = head.jsonLd;
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'General Admission',
      url: `${PUBLIC}/events/${id}`,
      image: [head.og.image],
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place' },
    });
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(event.offers.length).toBeGreaterThan(0);
    for (const offer of event.offers) expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: currency, url: `${PUBLIC}/events/${id}` });
    expect(errors).toEqual([]);

    const sitemap = await (await fetch(`${sf.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${PUBLIC}/events/${id}</loc>`);
    expect(await (await fetch(`${sf.url}/robots.txt`)).text()).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });
});
