import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, seriousViolations, useStorefront, type Storefront } from './harness.js';

/** Browsing the demo museum: home, listing with filters, an event with dates and times, the 404 page. */
describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('browsing on %s', (label, viewport) => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await newPage(browser, viewport);
    await page.goto(`${sf.url}${path}`);
    return { page, errors };
  }

  async function expectAccessible(page: Page) {
    expect(await seriousViolations(page)).toEqual([]);
  }

  it('home offers login, membership and guest, and the resend link', async () => {
    const { page, errors } = await open('/');
    const options = page.getByRole('main').getByRole('link');
    await expect.poll(() => options.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Log in'), expect.stringContaining('Join membership'), expect.stringContaining('Continue as guest')]));
    const texts = (await options.allTextContents()).join('|');
    expect(texts.indexOf('Log in')).toBeLessThan(texts.indexOf('Join membership'));
    expect(texts.indexOf('Join membership')).toBeLessThan(texts.indexOf('Continue as guest'));
    await expect.poll(() => page.getByRole('link', { name: /Resend/i }).count()).toBe(1);
    // The header stays one line: on phones the seller's short name, beside Log in, Register and the cart.
    const brand = page.getByRole('banner').getByRole('link', { name: 'Harbour Museum of Art & Science' });
    expect(await brand.isVisible()).toBe(true);
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(label === 'mobile' ? 65 : 106);
    if (label === 'mobile') {
      expect(await brand.locator('.header__name--short').innerText()).toBe('Harbour Museum');
      expect((await brand.locator('.header__name--full').boundingBox())!.width).toBeLessThanOrEqual(1);
    }
    await screenshot(page, `home-${label}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('lists events and filters them by category and by date', async () => {
    const { page, errors } = await open('/events');
    const cards = page.locator('article.event-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(5);
    const allNames = await page.locator('article.event-card h2, article.event-card h3').allTextContents();
    expect(allNames.join('|')).toContain('General Admission');
    expect(allNames.join('|')).not.toContain("Members' Preview");
    await screenshot(page, `listing-${label}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Performances', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Performances');
    // The unfiltered list holds the concert too, so wait for the filtered answer itself: the concert without the day ticket.
    const names = async () => (await page.locator('article.event-card h2, article.event-card h3').allTextContents()).join('|');
    await expect.poll(names).toMatch(/^(?!.*General Admission).*Harbour Lights/s);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe('tomorrow');
    // The concert plays in two weeks: not tomorrow. The unfiltered list holds both, so wait for the day ticket without it.
    await expect.poll(names).toMatch(/^(?!.*Harbour Lights).*General Admission/s);
    expect(errors).toEqual([]);
  });

  it('an event shows at most 8 dates, the calendar, and times in tabs', async () => {
    const { page, errors } = await open('/events');
    await page.getByRole('link', { name: /General Admission/ }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('General Admission');
    const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
    await expect.poll(() => dates.count()).toBe(8);
    await expect.poll(() => page.getByText('Adult').first().isVisible()).toBe(true);
    await screenshot(page, `event-${label}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Show more dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose date' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const grid = dialog.getByRole('grid');
    await expect.poll(() => grid.getByRole('row').count()).toBe(7); // the weekday header and 6 weeks
    await screenshot(page, `calendar-${label}`);
    await expectAccessible(page);
    // Next month, the first day that can be chosen (past the 8 buttons).
    await dialog.getByRole('button', { name: 'Next month' }).click();
    const choosable = grid.locator('button:not([aria-disabled="true"]):not([disabled])');
    await expect.poll(() => choosable.count()).toBeGreaterThan(20);
    const chosen = (await choosable.first().textContent())!.trim();
    await choosable.first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // e.g. "Tuesday, December 1, 2026, Available, …" → the step now reads "Tue, Dec 1, 2026".
    const [, monthDay, year] = chosen.split(', ');
    const [month, day] = monthDay.split(' ');
    expect(chosen).toContain('Available');
    await expect.poll(() => page.getByRole('button', { name: 'Change date' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`${month.slice(0, 3)} ${day}, ${year}`).first().isVisible()).toBe(true);

    const tabs = page.getByRole('tablist', { name: 'Times of day' }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(3);
    expect(await tabs.allTextContents()).toEqual([expect.stringContaining('Morning'), expect.stringContaining('Afternoon'), expect.stringContaining('Evening')]);
    // General admission closes at 17:00: the evening tab has nothing.
    expect(await tabs.nth(2).textContent()).toContain('Not available');
    await tabs.nth(1).click();
    const times = page.getByRole('tabpanel').getByRole('button');
    await expect.poll(() => times.count()).toBeGreaterThan(3);
    expect(await times.first().textContent()).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    await screenshot(page, `sessions-${label}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("an event's cover is fetched once: the HTML shell preloads exactly the file the <img> shows", async () => {
    const list = (await (await fetch(`${sf.url}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
    const id = list.event_template._data.find((e) => e.name === 'General Admission')!.id;
    const shell = await (await fetch(`${sf.url}/events/${id}`)).text();
    const hint = /<link rel="preload" as="image" href="[^"]*" imagesrcset="([^"]*)" imagesizes="([^"]*)"/.exec(shell);
    expect(hint, 'the shell preloads the cover').not.toBeNull();
    const { page, errors } = await newPage(browser, viewport);
    const images: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/image/')) images.push(request.url());
    });
    await page.goto(`${sf.url}/events/${id}`);
    // The page's <img> (server-drawn, then hydrated).
    const cover = page.locator('#root .event-hero img');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await cover.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') }));
    const unescape = (value: string) => value.replace(/&amp;/g, '&');
    expect({ srcset: unescape(hint![1]), sizes: unescape(hint![2]) }).toEqual({ srcset: shown.srcset, sizes: shown.sizes });
    // One request for the cover's image, and it is the file shown (a mismatch would fetch a second width).
    const coverPath = new URL(shown.src).pathname;
    expect(images.filter((url) => new URL(url).pathname === coverPath)).toEqual([shown.src]);
    expect(errors).toEqual([]);
  });

  it('a sold-out day shows as sold out', async () => {
    const { page } = await open('/events');
    await page.getByRole('link', { name: /General Admission/ }).first().click();
    await page.getByRole('button', { name: 'Show more dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose date' });
    // The demo sells out every session five days from now, which may fall in the next month.
    const soldOut = dialog.getByRole('grid').getByRole('button', { name: /Sold out/ });
    await expect.poll(() => dialog.getByRole('grid').getByRole('button').count()).toBeGreaterThan(27);
    if ((await soldOut.count()) === 0) await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => soldOut.count()).toBe(1);
    expect(await soldOut.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('an unknown address shows the 404 text', async () => {
    const { page } = await open('/no/such/page/');
    await expect.poll(() => page.getByText('We could not find anything at this URL. (404 Not Found)').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await expectAccessible(page);
  });
});
