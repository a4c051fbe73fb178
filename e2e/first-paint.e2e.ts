import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';

/**
 * An event page paints its top — the header's brand, the cover and the title — from the HTML
 * shell, before the app's JS has run (server/src/http/event-prepaint.ts), and the app takes over
 * in place: the same things at the same places, one cover request, the event and its calendar
 * taken from the shell (no request for them), no script errors.
 */
/** Holds the app's entry script back until the returned function is called: what the shell does without it. */
async function holdEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('an event page paints before its JS runs', () => {
  let sf: Storefront;
  let browser: Browser;
  let upAt = 0;
  useStorefront((s, b) => ((sf = s), (browser = b), (upAt = Date.now())));
  /**
   * A server vouches for no change from before it started: a page opened within the live stream's
   * 2 s margin of that asks again on `ready` (docs/live-availability.md). These pages open later.
   */
  const serverSettled = () => new Promise((r) => setTimeout(r, Math.max(0, upAt + 3_000 - Date.now())));

  const boxes = (page: Page, scope: string) =>
    page.evaluate((root) => {
      const box = (selector: string) => {
        const r = document.querySelector(`${root} ${selector}`)?.getBoundingClientRect();
        return r ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
      };
      return { brand: box('.header__brand'), cover: box('.event-hero img'), title: box('.event-header h1'), venue: box('.event-header__venue') };
    }, scope);

  for (const [label, viewport] of [['phone', MOBILE], ['desktop', DESKTOP]] as const) {
    it(`on a ${label}: cover and title show with the app's JS held back, then the app's own are drawn at the same places`, async () => {
      const list = (await (await fetch(`${sf.url}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
      const id = list.event_template._data.find((e) => e.name === 'General Admission')!.id;
      await serverSettled();
      const { page, errors } = await newPage(browser, viewport);
      const release = await holdEntry(page);
      const covers: string[] = [];
      const reads: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/image/')) covers.push(request.url());
        if (/^\/(cached_)?api\//.test(path) && (path.endsWith(`/events/${id}`) || path.endsWith(`/events/${id}/calendar`))) reads.push(path);
      });
      await page.goto(`${sf.url}/events/${id}`, { waitUntil: 'commit' });

      // No app yet: the shell's picture of the page, with the cover drawn.
      const prepaint = page.locator('#prepaint');
      await expect.poll(() => prepaint.locator('h1').textContent()).toBe('General Admission');
      await expect.poll(() => prepaint.locator('.event-hero img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('#root').isVisible()).toBe(false);
      expect(await prepaint.getAttribute('aria-hidden')).toBe('true');
      const before = await boxes(page, '#prepaint');
      expect(before.brand && before.cover && before.title && before.venue).toBeTruthy();
      await screenshot(page, `first-paint-${label}`);

      release();
      await expect.poll(() => prepaint.count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('General Admission');
      const after = await boxes(page, '#root');
      expect(after).toEqual(before);
      await screenshot(page, `first-paint-taken-over-${label}`);
      // The app's cover is the file the shell's picture already fetched; its event and calendar came in the shell too.
      expect(new Set(covers).size).toBe(1);
      expect(reads).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it("the listing: its first cards' images are asked for before the app runs, the cards draw those files, and the list came in the shell", async () => {
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
    await expect.poll(() => images.length).toBe(2);
    expect(await page.locator('#root .event-card').count()).toBe(0);
    release();
    const first = page.locator('.event-card img').first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const drawn = await page.locator('.event-card img').evaluateAll((imgs) => imgs.slice(0, 2).map((img) => (img as HTMLImageElement).currentSrc));
    expect(drawn).toEqual(images.slice(0, 2));
    expect(listings).toEqual([]);
    expect(errors).toEqual([]);
  });
});
