import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventIdByName, hydrated } from './steps.js';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';

/**
 * The server's pages stand on their own (docs/server-rendering.md): with scripts off a visitor
 * reads the listing's cards as links and an event page's name, venue, description, dates with
 * availability and ticket prices, and is told buying needs JavaScript. What the address carries
 * reaches the page escaped. The server's HTML and the browser's first render agree whatever the
 * time zones of the host and of the visitor (the harness fails a journey on a hydration warning).
 */
describe('without JavaScript', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('the listing shows its cards as links: name, category, summary, price and an image with its text', async () => {
    const { page, errors } = await newPage(browser, MOBILE, { javaScriptEnabled: false });
    await page.goto(`${sf.url}/events`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    const card = page.locator('.event-card').filter({ hasText: 'General Admission' });
    expect(await card.getByRole('link', { name: /General Admission/ }).getAttribute('href')).toMatch(/^\/events\/[0-9a-f-]{36}$/);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Admission');
    expect(text).toContain('Four floors of art and science');
    expect(text).toMatch(/From \$\d+/);
    expect(await card.locator('img').getAttribute('alt')).toBeTruthy();
    await screenshot(page, 'no-script-listing');
    expect(errors).toEqual([]);
  });

  it('the listing with filters in its address shows the filtered cards', async () => {
    const { page, errors } = await newPage(browser, DESKTOP, { javaScriptEnabled: false });
    await page.goto(`${sf.url}/events?category=Exhibitions`);
    const categories = await page.locator('.event-card__category').allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set(['Exhibitions']));
    expect(errors).toEqual([]);
  });

  it("an event page shows its name, venue, description, next dates with availability and ticket prices, and says buying needs JavaScript", async () => {
    const id = await eventIdByName(sf, 'General Admission');
    const { page, errors } = await newPage(browser, DESKTOP, { javaScriptEnabled: false });
    const res = await page.goto(`${sf.url}/events/${id}`);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('General Admission');
    expect(await page.locator('.event-header__venue').textContent()).toBe('Harbour Museum — Main Building');
    const body = (await page.locator('#root').textContent()) ?? '';
    expect(body).toContain('Entry is timed to keep the galleries comfortable');
    expect(await page.locator('.date-button').filter({ hasText: 'Available' }).count()).toBeGreaterThan(2);
    expect(body).toMatch(/Adult.*\$25/s);
    // In a <noscript> (Chromium with scripts switched off by DevTools still parses those as text, so the HTML is read).
    expect(await (await fetch(`${sf.url}/events/${id}`)).text()).toMatch(/<noscript><p class="notice notice--info">Buying tickets needs JavaScript/);
    await screenshot(page, 'no-script-event');
    expect(errors).toEqual([]);
  });

  it('an unknown event is a 404', async () => {
    const { page } = await newPage(browser, DESKTOP, { javaScriptEnabled: false });
    const res = await page.goto(`${sf.url}/events/01a22161-0000-7000-8000-000000000000`);
    expect(res?.status()).toBe(404);
  });
});

describe('what the address carries', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('is escaped in the HTML: a <script> in ?date=, ?code= and tg runs nowhere, with scripts on or off', async () => {
    const id = await eventIdByName(sf, 'General Admission');
    const evil = encodeURIComponent('<script>window.__ran=1</script>"><img src=x onerror="window.__ran=2">');
    const url = `${sf.url}/events/${id}?date=${evil}&code=${evil}&tg=${evil}`;
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('<script>window.__ran');
    expect(html).not.toContain('onerror="window.__ran');
    for (const javaScriptEnabled of [false, true]) {
      const { page, errors } = await newPage(browser, DESKTOP, { javaScriptEnabled });
      await page.goto(url);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('General Admission');
      if (javaScriptEnabled) {
        await expect.poll(() => page.evaluate(() => document.querySelector('#root .app') !== null)).toBe(true);
        expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
        expect(errors).toEqual([]);
      }
      expect(await page.locator('#root script, #root img[src="x"]').count()).toBe(0);
    }
  });
});

describe('a filtered listing with scripts on', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('is hydrated in place from the HTML, asking for no listing again', async () => {
    const { page, errors } = await newPage(browser, MOBILE);
    const listings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/events/available')) listings.push(request.url());
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await page.locator('#root .event-card').first().evaluate((el) => el.setAttribute('data-server-drawn', ''));
      await route.continue();
    });
    await page.goto(`${sf.url}/events?category=Exhibitions`);
    await expect.poll(() => hydrated(page, '#root .event-card')).toBe(true);
    expect(await page.locator('#root .event-card[data-server-drawn]').count()).toBe(1);
    expect(new Set(await page.locator('.event-card__category').allTextContents())).toEqual(new Set(['Exhibitions']));
    expect(listings).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a host and a visitor in other time zones', () => {
  let sf: Storefront;
  let browser: Browser;
  // The server far east of the venue (New York), the visitor far west: days and times are the venue's on both sides.
  useStorefront((s, b) => ((sf = s), (browser = b)), () => ({ TZ: 'Pacific/Kiritimati' }));

  for (const path of ['/events', 'event'] as const) {
    it(`${path === 'event' ? 'an event page' : 'the listing'}: the server's HTML is what the browser draws first (hydrated in place, no warning)`, async () => {
      const url = path === 'event' ? `/events/${await eventIdByName(sf, 'General Admission')}` : path;
      const { page, errors } = await newPage(browser, MOBILE, { timezoneId: 'Pacific/Pago_Pago' });
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        // Marks the server's first heading before the app can touch it.
        await page.locator('#root h1').first().evaluate((el) => el.setAttribute('data-server-drawn', ''));
        await route.continue();
      });
      await page.goto(`${sf.url}${url}`);
      await expect.poll(() => hydrated(page, '#root h1')).toBe(true);
      expect(await page.locator('#root h1[data-server-drawn]').count()).toBe(1);
      expect(errors).toEqual([]);
    });
  }
});
