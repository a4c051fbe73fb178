import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, newPage, useStorefront, type Storefront } from './harness.js';

/** At most this much cumulative layout shift on a phone (issue "Fast on a phone"; Lighthouse's "good" is 0.1). */
const CLS_BUDGET = 0.05;

/**
 * Layout stability at 390×844 on a slow phone (4× CPU, 1.6 Mbps, 150 ms): skeletons hold the final
 * sizes, so content arriving late moves nothing already drawn. Shifts right after input don't count.
 */
describe('layout stability on a phone', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  async function slowPhone(): Promise<Page> {
    const { context, page } = await newPage(browser, MOBILE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return page;
  }

  async function layoutShift(page: Page, path: string, ready: () => Promise<unknown>): Promise<number> {
    await page.goto(`${sf.url}${path}`);
    await ready();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  }

  async function firstEventId(): Promise<string> {
    const list = (await (await fetch(`${sf.url}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
    return list.event_template._data.find((e) => e.name === 'General Admission')!.id;
  }

  it('/, /events and /events/{id} shift at most 0.05', async () => {
    const id = await firstEventId();
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/', (page) => page.getByRole('link', { name: /Continue as guest/ }).waitFor()],
      ['/events', (page) => page.getByRole('article').first().waitFor()],
      [`/events/${id}`, (page) => page.getByRole('list', { name: 'Available dates' }).getByRole('button').first().waitFor()],
    ];
    const shifts: Record<string, number> = {};
    for (const [path, ready] of pages) {
      const page = await slowPhone();
      shifts[path] = await layoutShift(page, path, () => ready(page));
      await page.close();
    }
    console.log('cumulative layout shift at 390×844:', JSON.stringify(shifts));
    for (const value of Object.values(shifts)) expect(value).toBeLessThanOrEqual(CLS_BUDGET);
  });

  it('/checkout with a ticket in the cart shifts at most 0.05', async () => {
    const page = await slowPhone();
    // A gift card in a new cart, put there by this browser's own calls (its cookies, its stored cart id).
    await page.goto(`${sf.url}/events`);
    await page.getByRole('article').first().waitFor();
    await page.evaluate(async () => {
      const json = async (response: Response) => {
        if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
        return response.json();
      };
      const config = await json(await fetch('/api/config?_embed=seller'));
      const seller = config.seller._data[0].id as string;
      const listing = await json(await fetch(`/api/events/available?_seller=${seller}`));
      const event = listing.event_template._data.find((e: { name: string }) => e.name === 'Gift Cards');
      const detail = await json(await fetch(`/api/events/${event.id}?_embed=ticket_type&_seller=${seller}`));
      const sessions = await json(await fetch(`/api/events/${event.id}/sessions?_seller=${seller}`));
      const cart = await json(
        await fetch(`/api/my/cart/modify?_seller=${seller}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ add: [{ ticket_type_id: detail.ticket_type._data[0].id, event_session_id: sessions.event_session._data[0].id }] }),
        }),
      );
      localStorage.setItem(`foyer:cart:${seller}`, cart.cart._data[0].id);
    });
    const shift = await layoutShift(page, '/checkout', () => page.getByRole('textbox', { name: 'First name' }).waitFor());
    console.log('cumulative layout shift at 390×844, /checkout:', shift.toFixed(3));
    expect(shift).toBeLessThanOrEqual(CLS_BUDGET);
  });
});
