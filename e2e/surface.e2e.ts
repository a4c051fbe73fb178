import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAddressService } from '../packages/server/test/fake-address-service.js';
import { copiedWebDist, DESKTOP, MOBILE, newPage, screenshot, seriousViolations, useStorefront, type Storefront } from './harness.js';

/**
 * The seller's own shop (issue 18): a configured identity form with custom fields and the address
 * autocomplete against a local fake of the lookup service — the order keeps the picked address; an
 * express link skips the upsells; a content region shows for anonymous visitors, not for members.
 */
const PASSWORD = 'Correct-Horse-7';

const ROOT = new URL('..', import.meta.url).pathname;
const extraConfig = [
  {
    resource: 'seller',
    namespace: 'web',
    name: 'identity_form',
    value: [
      { key: 'address', required: true },
      { key: 'address_more' },
      { key: 'city', required: true },
      { key: 'zip_code', required: true },
      { key: 'member_of', label: 'Membership society', required: true },
      { key: 'newsletter', type: 'checkbox', label: 'Send me the museum newsletter' },
    ],
  },
  { resource: 'seller', namespace: 'web', name: 'address_mode', value: 'autocomplete' },
  {
    resource: 'seller',
    namespace: 'web',
    name: 'content_regions',
    value: [{ region: 'page_top', html: '<p><strong>Residents</strong> visit free every Sunday. <a href="https://museum.example/residents">Find out more</a></p>', routes: ['events'], roles: ['anonymous'] }],
  },
];

/** The demo catalog with this journey's configuration, as the server's seed file. */
function seedFile(): string {
  const catalog = JSON.parse(readFileSync(join(ROOT, 'catalog/demo.json'), 'utf8')) as { config: unknown[] };
  catalog.config.push(...extraConfig);
  const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-seed-'));
  symlinkSync(join(ROOT, 'catalog/images'), join(dir, 'images')); // the catalog's image files, by their relative paths
  const path = join(dir, 'catalog.json');
  writeFileSync(path, JSON.stringify(catalog));
  return path;
}

async function reserveAndCheckout(page: Page, base: string) {
  await page.goto(`${base}/events`);
  await page.getByRole('link', { name: /General Admission/ }).first().click();
  await reserveOneAdult(page);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
  await page.goto(`${base}/checkout`);
  await expect.poll(() => page.getByRole('textbox', { name: 'First name' }).isVisible()).toBe(true);
}

/** On General Admission's page: the last open date, an afternoon session, one Adult, Reserve. */
async function reserveOneAdult(page: Page) {
  const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
  await expect.poll(() => dates.count()).toBe(8);
  await dates.and(page.locator(':not([aria-disabled="true"])')).last().click();
  await page.getByRole('tab', { name: /Afternoon/ }).click();
  await page.getByRole('tabpanel').getByRole('button').first().click();
  const addAdult = page.getByRole('button', { name: 'Add one Adult' });
  await expect.poll(() => addAdult.isVisible()).toBe(true);
  await addAdult.click();
  await page.getByRole('button', { name: 'Reserve' }).click();
}

describe('identity form and address autocomplete', () => {
  const fake = new FakeAddressService();
  let sf: Storefront;
  let browser: Browser;
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  useStorefront(
    (s, b) => ((sf = s), (browser = b)),
    () => ({ ...copiedWebDist(), FOYER_SEED_FILE: seedFile(), ADDRESS_LOOKUP_KEY: fake.key, ADDRESS_LOOKUP_URL: fake.url }),
  );

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label}: custom fields and an address picked from the lookup; the order keeps them (axe clean)`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      const email = `ada-${label}@example.org`;
      await reserveAndCheckout(page, sf.url);
      await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);

      // Pay without picking an address: the form refuses, with the address in error.
      const address = page.getByRole('combobox', { name: 'Address' });
      await address.fill('11 West 53rd');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect.poll(() => page.getByTestId('form-errors').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Please choose your address from the list.').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Please fill in membership society.').isVisible()).toBe(true);
      // The form focuses its first invalid field 100 ms after refusing (docs/events.md#field-rules): the address; type once it has.
      await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);

      // Search while focused: a street (Container) drills down to its addresses.
      await address.fill('');
      await address.focus();
      await address.pressSequentially('11 West 53rd', { delay: 30 });
      const street = page.getByRole('option', { name: /11 West 53rd Street/ });
      // A search waits 300 ms after the last keystroke, then asks the server: more than the poll's default second on a busy machine.
      await expect.poll(() => street.isVisible(), { timeout: 10_000 }).toBe(true);
      await street.click();
      const floor = page.getByRole('option', { name: /Floor 2/ });
      await expect.poll(() => floor.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `surface-address-lookup-${label}`);
      await floor.click();
      await expect.poll(() => page.getByRole('textbox', { name: 'City' }).inputValue(), { timeout: 10_000 }).toBe('New York');
      expect(await page.getByRole('textbox', { name: 'ZIP / postal code' }).inputValue()).toBe('10019');
      expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('NY');
      expect(fake.requests).toContain('Find text=11 West 53rd container= countries=USA');
      expect(fake.requests).toContain('Retrieve id=US|3');

      await page.getByRole('textbox', { name: 'Membership society' }).fill('Royal Society');
      await page.getByRole('checkbox', { name: 'Send me the museum newsletter' }).check();
      await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
      await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `surface-identity-form-${label}`);
      await page.getByRole('button', { name: /^Pay / }).click();
      const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
      await expect.poll(() => terms.isVisible()).toBe(true);
      await terms.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');

      // The order keeps what the buyer gave: read from the server's database.
      const orderId = new URL(page.url()).searchParams.get('orderIds')!.split(',')[0];
      const db = new Database(sf.databaseUrl.slice('sqlite:'.length), { readonly: true });
      try {
        const row = db.prepare('SELECT cart.purchaser_meta AS meta FROM ticket_order JOIN cart ON cart.id = ticket_order.cart_id WHERE ticket_order.id = ?').get(orderId) as { meta: string };
        expect(JSON.parse(row.meta)).toMatchObject({ email, address: '11 West 53rd Street', address_more: 'Floor 2', city: 'New York', state: 'NY', zip_code: '10019', country: 'us', member_of: 'Royal Society', newsletter: true });
        // The guest identity's meta has the answers the server checked (copied at guest_checkout, not sent with POST user).
        const account = db.prepare('SELECT user_account.meta AS meta FROM ticket_order JOIN cart ON cart.id = ticket_order.cart_id JOIN user_account ON user_account.identity_id = cart.purchaser_identity_id WHERE ticket_order.id = ?').get(orderId) as { meta: string };
        expect(JSON.parse(account.meta)).toMatchObject({ address: '11 West 53rd Street', city: 'New York', member_of: 'Royal Society', newsletter: true });
      } finally {
        db.close();
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label}: an express link loses its flag and skips the upsells: Reserve goes straight to checkout`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      await page.goto(`${sf.url}/events`);
      await page.getByRole('link', { name: /General Admission/ }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/[^/]+$/);
      await page.goto(`${page.url()}?express=1`);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await reserveOneAdult(page);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/checkout');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout');
      // The listing too: with items in the cart it is no upsell listing now, but checkout.
      await page.goto(`${sf.url}/events`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/checkout');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`at ${label}: the listing's content region shows for an anonymous visitor and hides once a member logs in`, async () => {
      const { context, page, errors } = await newPage(browser, viewport);
      await page.goto(`${sf.url}/events`);
      const block = page.getByText('visit free every Sunday.');
      await expect.poll(() => block.isVisible()).toBe(true);
      expect(await page.locator('[data-region="page_top"] strong').textContent()).toBe('Residents');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `surface-content-region-${label}`);
      // Not on other routes.
      await page.goto(`${sf.url}/resend`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(await page.locator('[data-region]').count()).toBe(0);

      // Register (which logs in): a member now, the block goes.
      await page.goto(`${sf.url}/events`);
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Create an account' }).click();
      const email = `region-${label}@example.org`;
      await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace');
      await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
      await dialog.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
      await dialog.getByRole('textbox', { name: 'Confirm email address' }).fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: /Hi, Grace/ }).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => block.count()).toBe(0);
      await page.reload();
      await expect.poll(() => page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: /Hi, Grace/ }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await block.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
