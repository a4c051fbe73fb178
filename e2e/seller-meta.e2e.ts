import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { expectAccessible } from './steps.js';

/**
 * Seller meta `links`, `image` and `offsets` and the page title sizes (issue 29 row 15;
 * docs/catalog.md#4-seller-venues-and-images) in Chromium: the demo seller with a picture and a taller header.
 */
const PICTURE = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="571"><rect width="1500" height="571" fill="#1d4e5f"/></svg>').toString('base64')}`;

describe('the seller’s links, picture and sizes', () => {
  let sf: Storefront;
  let browser: Browser;
  const seedDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-seed-'));
  const seedFile = join(seedDir, 'catalog.json');
  beforeAll(() => {
    const catalog = JSON.parse(readFileSync(new URL('../catalog/demo.json', import.meta.url), 'utf8')) as { seller: { meta: Record<string, unknown> } };
    catalog.seller.meta = { ...catalog.seller.meta, image: PICTURE, offsets: { header: 120, logo: 40 } };
    writeFileSync(seedFile, JSON.stringify(catalog));
    symlinkSync(new URL('../catalog/images', import.meta.url).pathname, join(seedDir, 'images'));
  });
  afterAll(() => rmSync(seedDir, { recursive: true, force: true }));
  useStorefront(
    (s, b) => ((sf = s), (browser = b)),
    () => ({ FOYER_SEED_FILE: seedFile }),
  );

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`home (${label} wide): the picture above a large title, the footer's links, the header's configured height from the first paint`, async () => {
      // The server's HTML already carries the sizes (no jump when the app starts).
      const html = await (await fetch(`${sf.url}/`)).text();
      expect(html).toMatch(/<style>:root\{[^<]*--header-height-desktop:120px/);
      const { page, errors } = await newPage(browser, viewport);
      await page.goto(`${sf.url}/`);
      const banner = page.locator('img.home-banner');
      await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      const title = page.getByRole('heading', { level: 1 });
      expect(await title.getAttribute('class')).toBe('page-title page-title--lg');
      const [bannerBox, titleBox] = [await banner.boundingBox(), await title.boundingBox()];
      expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(titleBox!.y);
      expect(Math.round(bannerBox!.width / bannerBox!.height)).toBe(3); // 21:8
      const links = page.getByRole('navigation', { name: 'Links' }).getByRole('link');
      expect(await links.allTextContents()).toEqual(['Visit our website', 'Plan your visit', 'Accessibility', 'Terms and conditions', 'Privacy policy']);
      const header = await page.locator('.header__inner').boundingBox();
      if (viewport === DESKTOP) expect(header!.height).toBe(120);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `seller-meta-home-${label}`);
      await expectAccessible(page);
      // A short task screen has the small title.
      await page.goto(`${sf.url}/user/forgot-password`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).getAttribute('class'), { timeout: 15_000 }).toBe('page-title page-title--sm');
      expect(errors).toEqual([]);
    });
  }
});
