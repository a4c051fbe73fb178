import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventIdByName, hydrated } from './steps.js';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';

/**
 * The public pages are drawn on the server (docs/server-rendering.md): the HTML has the page
 * before any JS runs, and the app hydrates it in place — the same elements at the same places,
 * one cover request, the page's reads taken from the HTML (no request for them), no hydration
 * warning (the harness fails a journey on one).
 */
/** Holds the app's entry script back until the returned function is called: what the page is without it. */
async function holdEntry(page: Page): Promise<() => void> {
  return holdScript(page, /\/assets\/index-[\w-]+\.js$/);
}

/** Holds the scripts whose address matches until the returned function is called. */
async function holdScript(page: Page, address: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('server-rendered pages, hydrated in place', () => {
  let sf: Storefront;
  let browser: Browser;
  let upAt = 0;
  useStorefront((s, b) => ((sf = s), (browser = b), (upAt = Date.now())));
  /**
   * A server vouches for no change from before it started: a page opened within the live stream's
   * 2 s margin of that asks again on `ready` (docs/live-availability.md). These pages open later.
   */
  const serverSettled = () => new Promise((r) => setTimeout(r, Math.max(0, upAt + 3_000 - Date.now())));

  const boxes = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => {
        const r = document.querySelector(`#root ${selector}`)?.getBoundingClientRect();
        return r ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
      };
      return { brand: box('.header__brand'), cover: box('.event-hero img'), title: box('.event-header h1'), venue: box('.event-header__venue'), dates: box('.date-button') };
    });

  for (const [label, viewport] of [['phone', MOBILE], ['desktop', DESKTOP]] as const) {
    it(`an event page on a ${label}: drawn whole before its JS, then hydrated without a change or a read`, async () => {
      const id = await eventIdByName(sf, 'General Admission');
      await serverSettled();
      const { page, errors } = await newPage(browser, viewport);
      const release = await holdEntry(page);
      const covers: string[] = [];
      const reads: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/image/')) covers.push(request.url());
        if (/^\/(cached_)?api\//.test(path) && (path.endsWith(`/events/${id}`) || path.endsWith(`/events/${id}/calendar`))) reads.push(path);
        // The flexible any-date option's read is in the HTML too (a day's sessions, `_ondate`, are asked once a date is chosen).
        if (path.endsWith(`/events/${id}/sessions`) && !request.url().includes('_ondate')) reads.push(request.url());
      });
      await page.goto(`${sf.url}/events/${id}`, { waitUntil: 'commit' });

      // No app yet: the server's page, cover, title and the dates of the flow included.
      await expect.poll(() => page.locator('#root h1').textContent()).toBe('General Admission');
      await expect.poll(() => page.locator('#root .event-hero img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('#root .date-button').count()).toBeGreaterThan(0);
      expect(await hydrated(page, '#root h1')).toBe(false);
      const before = await boxes(page);
      expect(before.brand && before.cover && before.title && before.venue && before.dates).toBeTruthy();
      // A mark on the server's elements: hydration keeps them (a fresh render would replace them).
      await page.locator('#root h1').evaluate((el) => el.setAttribute('data-server-drawn', ''));
      await screenshot(page, `server-render-event-${label}`);

      release();
      await expect.poll(() => hydrated(page, '#root h1')).toBe(true);
      expect(await page.locator('#root h1[data-server-drawn]').count()).toBe(1);
      expect(await boxes(page)).toEqual(before);
      // The app works on the server's elements: a date can be chosen.
      await page.locator('#root .date-button').first().click();
      await expect.poll(() => page.getByRole('button', { name: 'Change' }).first().isVisible()).toBe(true);
      expect(new Set(covers).size).toBe(1);
      expect(reads).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('a date clicked before the app has hydrated the page is chosen once it has (the click is held, not lost)', async () => {
    const id = await eventIdByName(sf, 'General Admission');
    await serverSettled();
    const { page, errors } = await newPage(browser, MOBILE);
    const release = await holdEntry(page);
    await page.goto(`${sf.url}/events/${id}`, { waitUntil: 'commit' });
    const date = page.locator('#root .date-button').first();
    await expect.poll(() => date.count()).toBe(1);
    await date.click();
    expect(await hydrated(page, '#root h1')).toBe(false);
    expect(await page.getByRole('button', { name: 'Change' }).count()).toBe(0);
    release();
    await expect.poll(() => page.getByRole('button', { name: 'Change' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  // Typed while the paint-first script runs, or before it has (it is a module: it runs once the page is parsed and it has arrived).
  it.each([
    ['after the paint-first script has run', false],
    ['before the paint-first script has run', true],
  ])("a code typed before the app has hydrated the page is the app's once it has (the field keeps it and Add takes it): %s", async (_when, beforePaintFirst) => {
    const id = await eventIdByName(sf, 'General Admission');
    await serverSettled();
    const { page, errors } = await newPage(browser, MOBILE);
    const release = await holdEntry(page);
    const releasePaintFirst = beforePaintFirst ? await holdScript(page, /\/assets\/paint-first-[\w-]+\.js$/) : () => undefined;
    await page.goto(`${sf.url}/events/${id}`, { waitUntil: 'commit' });
    const field = page.getByRole('textbox', { name: 'CityPASS code' });
    await expect.poll(() => field.count()).toBe(1);
    await field.fill('CPA-000111');
    expect(await hydrated(page, '#root h1')).toBe(false);
    releasePaintFirst();
    release();
    await expect.poll(() => hydrated(page, '#root h1')).toBe(true);
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await expect.poll(() => page.getByText('CPA000111').count()).toBeGreaterThan(0);
    expect(await field.inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it("the listing: cards drawn by the server, their images asked for before the app runs; hydrated with the list the HTML carries", async () => {
    const { page, errors } = await newPage(browser, MOBILE);
    const release = await holdEntry(page);
    const images: string[] = [];
    const listings: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/image/')) images.push(request.url());
      if (path.endsWith('/events/available')) listings.push(request.url());
    });
    await page.goto(`${sf.url}/events`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#root .event-card').count()).toBeGreaterThan(2);
    await expect.poll(() => images.length).toBeGreaterThanOrEqual(2);
    expect(await hydrated(page, '#root .event-card')).toBe(false);
    release();
    await expect.poll(() => hydrated(page, '#root .event-card')).toBe(true);
    const first = page.locator('.event-card img').first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const drawn = await page.locator('.event-card img').evaluateAll((imgs) => imgs.slice(0, 2).map((img) => (img as HTMLImageElement).currentSrc));
    expect(new Set(images)).toEqual(new Set([...images, ...drawn]));
    expect(listings).toEqual([]);
    expect(errors).toEqual([]);
  });
});
