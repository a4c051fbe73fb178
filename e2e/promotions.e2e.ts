import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, seriousViolations, useStorefront, type Storefront } from './harness.js';

/**
 * Promo codes in the browser (issue 14): a `?code=` link prices the cart, the checkout's promo-codes
 * modal applies and removes codes with the spec's texts, a code-required group asks for its code in
 * the code modal, and the order is paid at the discounted total.
 */

type Mail = { to: string; subject: string; text: string };
async function mailbox(base: string, to: string): Promise<Mail[]> {
  const doc = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { mailbox?: { _data: Mail[] } };
  return doc.mailbox?._data ?? [];
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The modal's slide-in (and any other transition) has finished: screenshots and axe see it at rest. */
const transitionsDone = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function openEvent(page: Page, base: string, name: RegExp, query = '') {
  await page.goto(`${base}/events`);
  await page.getByRole('link', { name }).first().click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/.+/);
  if (query) await page.goto(`${page.url().split('?')[0]}${query}`);
}

/** Picks the last listed date and the first session of the given tab, then adds `count` of a type. */
async function choose(page: Page, tab: RegExp, type: string, count: number) {
  const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
  await expect.poll(() => dates.count()).toBeGreaterThan(0);
  await dates.and(page.locator(':not([aria-disabled="true"])')).last().click();
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('tabpanel').getByRole('button').first().click();
  const add = page.getByRole('button', { name: `Add one ${type}` });
  await expect.poll(() => add.isVisible()).toBe(true);
  for (let i = 0; i < count; i++) await add.click();
}

async function toCheckout(page: Page, base: string, total: string) {
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
  await page.goto(`${base}/checkout`);
  await expect.poll(() => page.getByTestId('total-to-pay').textContent()).toBe(total);
}

async function pay(page: Page, total: string, email: string) {
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect.poll(() => terms.isVisible()).toBe(true);
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');
}

/** Every promo journey, at one viewport. */
function journeys(viewport: typeof DESKTOP, suffix: string) {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('?code=WELCOME10 → the discounted cart → paid at the discounted total; the e-mail shows it', async () => {
    const { page, errors } = await newPage(browser, viewport);
    await openEvent(page, sf.url, /General Admission/, '?code=welcome10');
    await expect.poll(() => page.getByTestId('promo-banner').textContent()).toBe('Code WELCOME10 will be applied to your cart.');
    await choose(page, /Afternoon/, 'Adult', 2);
    await screenshot(page, `promo-link-${suffix}`);
    await expectAccessible(page);
    await toCheckout(page, sf.url, '$45');
    const summary = page.locator('.checkout__summary');
    expect(await summary.getByText('Welcome: 10% off admission').isVisible()).toBe(true);
    expect(await summary.getByTestId('cart-discount').textContent()).toContain('−$5');
    expect(await summary.getByRole('list', { name: 'Applied codes' }).textContent()).toContain('WELCOME10');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `promo-checkout-${suffix}`);
    await expectAccessible(page);
    const email = `promo-${suffix}-${Date.now()}@example.org`;
    await pay(page, '$45', email);
    await expect.poll(() => page.getByTestId('order-discount').textContent(), { timeout: 10_000 }).toBe('You saved $5');
    await expect.poll(async () => (await mailbox(sf.url, email)).map((m) => m.text).join('\n'), { timeout: 15_000 }).toContain('Total: 45.00 USD.\n\nDiscounts: 5.00 USD (WELCOME10).');
    expect(errors).toEqual([]);
  });

  it('the promo-codes modal: a wrong code, a used-up code, then FAMILYDAY applied and removed again', async () => {
    // FAMILYDAY used up for this journey's first try (as if 1000 families had come).
    const db = new Database(sf.databaseUrl.slice('sqlite:'.length));
    const exhaust = (used: number) => db.prepare("UPDATE promo_code SET used = ? WHERE code = 'FAMILYDAY'").run(used);
    try {
      exhaust(1000);
      const { page, errors } = await newPage(browser, viewport);
      await openEvent(page, sf.url, /General Admission/);
      await choose(page, /Afternoon/, 'Adult', 2);
      await page.getByRole('button', { name: 'Add one Child' }).click();
      await toCheckout(page, sf.url, '$62');
      await page.getByRole('button', { name: 'Add a promo code' }).click();
      const modal = page.getByRole('dialog', { name: 'Promo codes' });
      await expect.poll(() => modal.isVisible()).toBe(true);
      const field = modal.getByRole('textbox', { name: 'Promo code' });
      const apply = modal.getByRole('button', { name: 'Apply' });
      await field.fill('x');
      expect(await apply.isDisabled()).toBe(true);
      await field.fill('NOSUCHCODE');
      await apply.click();
      await expect.poll(() => modal.getByRole('alert').textContent()).toBe('NOSUCHCODE is not a valid promo code.');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill('familyday');
      await apply.click();
      await expect.poll(() => modal.getByRole('alert').textContent()).toBe('This code has been used up.');
      await transitionsDone(page);
      await page.screenshot({ path: new URL(`./screenshots/promo-modal-error-${suffix}.png`, import.meta.url).pathname });
      await expectAccessible(page);

      exhaust(0);
      await apply.click();
      await expect.poll(() => modal.isVisible()).toBe(false);
      await expect.poll(() => page.getByTestId('total-to-pay').textContent()).toBe('$50');
      expect(await page.locator('.checkout__summary').getByText('Family day: children free').isVisible()).toBe(true);
      await screenshot(page, `promo-applied-${suffix}`);
      await expectAccessible(page);

      await page.locator('.checkout__summary').getByRole('button', { name: 'Remove code FAMILYDAY' }).click();
      await expect.poll(() => page.getByTestId('total-to-pay').textContent()).toBe('$62');

      // A resident's ZIP code: the discount applies when the field is left (docs/promotions.md#code-groups).
      const zip = page.getByRole('textbox', { name: /ZIP/ });
      await zip.fill('10001');
      const refused = page.waitForResponse((r) => r.url().includes('/apply_code') && r.request().method() === 'POST');
      await zip.blur();
      expect((await refused).status()).toBe(422);
      expect(await page.getByTestId('total-to-pay').textContent()).toBe('$62');
      await zip.fill('02139');
      await zip.blur();
      await expect.poll(() => page.getByTestId('total-to-pay').textContent()).toBe('$49.60');
      expect(await page.locator('.checkout__summary').getByText('Resident discount').isVisible()).toBe(true);
      await screenshot(page, `promo-resident-${suffix}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('CityPASS vouchers on General Admission: a wrong one is refused with the spec text, two good ones admit two adults free', async () => {
    const { page, errors } = await newPage(browser, viewport);
    await openEvent(page, sf.url, /General Admission/);
    const field = page.getByRole('textbox', { name: 'CityPASS code' });
    const addVoucher = async (code: string) => {
      await field.fill(code);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    };
    await addVoucher(suffix === 'desktop' ? 'CPA-000111' : 'CPA-000444');
    await addVoucher('nope');
    await choose(page, /Afternoon/, 'Adult', 2);
    await page.getByRole('button', { name: 'Reserve' }).click();
    await expect.poll(() => page.getByText('Does not match the expected format. Please check your CityPASS code.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove code NOPE' }).click();
    await addVoucher(`CPA${suffix === 'desktop' ? '000222' : '000333'}`);
    await screenshot(page, `promo-citypass-${suffix}`);
    await expectAccessible(page);
    await toCheckout(page, sf.url, '$0');
    expect(await page.locator('.checkout__summary').getByText('CityPASS').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a code-required group: the code modal shows the server’s description; FRIENDS reserves', async () => {
    const { page, errors } = await newPage(browser, viewport);
    await openEvent(page, sf.url, /Tides of Light/);
    await choose(page, /Afternoon/, 'Friends preview', 1);
    await page.getByRole('button', { name: 'Reserve' }).click();
    const modal = page.getByRole('dialog', { name: 'Enter your code' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.getByText('The Friends of the Museum preview needs the code from your Friends newsletter.').isVisible()).toBe(true);
    await modal.getByRole('textbox', { name: 'Code' }).fill('ENEMIES');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe('ENEMIES is not a valid promo code.');
    await transitionsDone(page);
    await page.screenshot({ path: new URL(`./screenshots/promo-code-modal-${suffix}.png`, import.meta.url).pathname });
    await expectAccessible(page);
    await modal.getByRole('textbox', { name: 'Code' }).fill('friends');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    expect(errors).toEqual([]);
  });
}

describe('promo codes at desktop width', () => journeys(DESKTOP, 'desktop'));
describe('promo codes on a phone (390×844)', () => journeys(MOBILE, 'mobile'));
