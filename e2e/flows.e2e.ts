import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copiedWebDist, DESKTOP, MOBILE, newPage, screenshot, seriousViolations, useStorefront, type Storefront } from './harness.js';

/**
 * The event flows of docs/events.md#the-event-page other than date-first, on the demo catalog: the quantity-first
 * planetarium show (quantities → priced dates → priced times → details → reserve), a donation with
 * a typed amount and a gift card (add-one-to-cart) — at desktop width and on a phone.
 */

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** From the listing, filtered by the event's category, to the event. */
async function openEvent(page: Page, base: string, category: string, name: RegExp) {
  await page.goto(`${base}/events`);
  await page.getByRole('button', { name: category, exact: true }).click();
  await page.getByRole('link', { name }).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(name);
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** After an add the demo (upsells on) shows the other experiences; the cart holds the line. */
async function expectInCart(page: Page, line: string, total: string, mobile: boolean) {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
  if (mobile) {
    await page.getByRole('button', { name: /^Cart, \d+ tickets?$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await expect.poll(() => drawer.getByText(line).isVisible()).toBe(true);
    expect(await drawer.getByTestId('cart-total').textContent()).toBe(total);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
  } else {
    const sidebar = page.getByRole('complementary', { name: 'Your cart', exact: true });
    await expect.poll(() => sidebar.getByText(line).isVisible()).toBe(true);
    expect(await sidebar.getByTestId('cart-total').textContent()).toBe(total);
  }
}

/** Gift cards and donations are never add-ons: their add goes straight to the checkout, whose summary holds the line. */
async function expectAtCheckout(page: Page, line: string, total: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/checkout');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout');
  await expect.poll(() => page.getByText(line).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('cart-total').first().textContent()).toBe(total);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  const mobile = label === 'mobile';

  describe(`event flows (${label}, ${viewport.width}×${viewport.height})`, () => {
    let sf: Storefront;
    let browser: Browser;
    useStorefront((s, b) => ((sf = s), (browser = b)), copiedWebDist);

    it('quantity-first: quantities, a date priced for them, a time, reserve into the cart, then pay; Back goes a step back', async () => {
      const { page, errors } = await newPage(browser, viewport);
      await openEvent(page, sf.url, 'Shows', /Journey to the Outer Planets/);
      await expect.poll(() => page.getByRole('heading', { name: 'How many tickets?' }).isVisible()).toBe(true);
      // No date picker before the quantities.
      expect(await page.getByRole('list', { name: 'Available dates' }).count()).toBe(0);
      const showDates = page.getByRole('button', { name: 'Show dates' });
      expect(await showDates.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Add one Adult' }).click();
      await page.getByRole('button', { name: 'Add one Adult' }).click();
      await page.getByRole('button', { name: 'Add one Child' }).click();
      await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('$37');
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `flows-qf-quantities-${label}`);
      await expectAccessible(page);

      await showDates.click();
      const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
      await expect.poll(() => dates.count()).toBeGreaterThan(0);
      // The calendar is priced for the quantities: 2 × $14 + 1 × $9.
      expect(await dates.first().textContent()).toContain('Total $37');
      expect(await page.getByText('2 × Adult, 1 × Child').isVisible()).toBe(true);
      await screenshot(page, `flows-qf-dates-${label}`);
      await expectAccessible(page);

      // Tomorrow: the 11:30 show is full, the 1 pm show has 6 seats (room for 3).
      await dates.nth(1).click();
      const times = page.locator('.time-button');
      await expect.poll(() => times.count()).toBeGreaterThan(0);
      const open = page.locator('.time-button:not([aria-disabled="true"])');
      expect(await open.first().textContent()).toContain('Total $37');
      await screenshot(page, `flows-qf-times-${label}`);
      await expectAccessible(page);

      // Browser Back: from the times to the dates, then to the quantities (still on the event).
      await page.goBack();
      await expect.poll(() => page.getByRole('list', { name: 'Available dates' }).isVisible()).toBe(true);
      await page.goBack();
      await expect.poll(() => page.getByRole('heading', { name: 'How many tickets?' }).isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toMatch(/^\/events\/[0-9a-f-]+$/);
      expect(await page.getByRole('spinbutton', { name: 'Adult quantity' }).inputValue()).toBe('2');

      await page.getByRole('button', { name: 'Show dates' }).click();
      await page.getByRole('list', { name: 'Available dates' }).getByRole('button').nth(1).click();
      await expect.poll(() => open.count()).toBeGreaterThan(0);
      await open.first().click();
      await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).isVisible()).toBe(true);
      await screenshot(page, `flows-qf-details-${label}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Reserve' }).click();
      await expectInCart(page, '2 × Adult', '$37', mobile);
      await expectAccessible(page);

      // And bought: checkout with the demo gateway's test card, terms accepted, the order complete.
      await page.goto(`${sf.url}/checkout`);
      await expect.poll(() => page.getByTestId('total-to-pay').textContent()).toBe('$37');
      await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(`qf-${label}-${Date.now()}@example.org`);
      await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
      await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
      await page.getByRole('button', { name: 'Pay $37' }).click();
      const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
      await expect.poll(() => terms.isVisible()).toBe(true);
      await terms.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');
      await expect.poll(() => page.getByTestId('order-number').first().isVisible()).toBe(true);
      await screenshot(page, `flows-qf-complete-${label}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });

    it('a donation with a typed amount: outside the range is refused at the field, a valid amount is added', async () => {
      const { page, errors } = await newPage(browser, viewport);
      await openEvent(page, sf.url, 'Support', /Support the Museum/);
      const amount = page.getByRole('spinbutton', { name: 'Amount' });
      await expect.poll(() => amount.isVisible()).toBe(true);
      await amount.fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => page.getByText('Value entered is outside min/max').isVisible()).toBe(true);
      // The first invalid field gets the focus (after 100 ms).
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute('aria-invalid'))).toBe('true');
      // One error border, on the field with its "$" prefix: none of its own on the input inside.
      expect(await amount.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('0px');
      await screenshot(page, `flows-donation-error-${label}`);
      await expectAccessible(page);
      await amount.fill('25.5');
      await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('$25.50');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expectAtCheckout(page, '1 × Donation', '$25.50');
      expect(errors).toEqual([]);
    });

    it('a gift card: one of the cards is chosen and added; one per order', async () => {
      const { page, errors } = await newPage(browser, viewport);
      await openEvent(page, sf.url, 'Gift Cards', /Gift Cards/);
      const options = page.getByRole('radio');
      await expect.poll(() => options.count()).toBe(4);
      const add = page.getByRole('button', { name: 'Add to cart' });
      expect(await add.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: /\$50 Gift Card/ }).check();
      await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('$50');
      expect(await page.getByText('One per order.', { exact: false }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `flows-gift-card-${label}`);
      await expectAccessible(page);
      await add.click();
      await expectAtCheckout(page, '1 × $50 Gift Card', '$50');
      expect(errors).toEqual([]);
    });
  });
}

describe('date-first Back and a single event (desktop)', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), copiedWebDist);

  it('date-first: browser Back goes from the tickets to the times to the dates, then leaves the event', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    await openEvent(page, sf.url, 'Admission', /General Admission/);
    const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
    await expect.poll(() => dates.count()).toBe(8);
    await dates.nth(6).click();
    await page.getByRole('tab', { name: /Afternoon/ }).click();
    // Prices show on days and times under the default display mode ('all'), with the event's prefixes.
    expect(await page.locator('.step__price').textContent()).toMatch(/\$\d+/);
    await screenshot(page, 'flows-date-first-times-desktop');
    await page.getByRole('tabpanel').getByRole('button').first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Add one Adult' }).isVisible()).toBe(true);
    // The demo's quantity message: 9 or more in General Admission.
    const groups = page.getByText(/Visiting with 10 or more people\?/);
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Add one Adult' }).click();
    expect(await groups.count()).toBe(0);
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await expect.poll(() => groups.isVisible()).toBe(true);
    await screenshot(page, 'flows-quantity-message-desktop');
    await expectAccessible(page);
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a time' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add one Adult' }).count()).toBe(0);
    await page.goBack();
    await expect.poll(() => page.getByRole('list', { name: 'Available dates' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Choose a time' }).count()).toBe(0);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    expect(errors).toEqual([]);
  });

  it('the membership event runs the buy-membership flow: its levels to choose from (membership.e2e.ts buys one)', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    await openEvent(page, sf.url, 'Membership', /Become a Member/);
    const region = page.getByRole('region', { name: 'Choose your membership', exact: true });
    await expect.poll(() => region.isVisible()).toBe(true);
    expect(await region.getByRole('radio').count()).toBe(3);
    expect(await region.getByRole('radio', { name: /Individual/ }).isVisible()).toBe(true);
    await screenshot(page, 'flows-membership-desktop');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`a single event lists its dates and times without a date picker; its only time is taken; a deep link fills the tickets (${label})`, async () => {
      const { page, errors } = await newPage(browser, viewport);
      await openEvent(page, sf.url, 'Performances', /Harbour Lights/);
      await expect.poll(() => page.getByRole('button', { name: 'Add one Standard' }).isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: 'Available dates' }).count()).toBe(0);
      expect(await page.getByText(/Time.*7:30 PM/).isVisible()).toBe(true);
      await screenshot(page, `flows-single-${label}`);
      await expectAccessible(page);
      // The same event from a link: session=next and two Standard tickets.
      await page.goto(`${page.url().split('?')[0]}?session=next&Standard=2`);
      await expect.poll(() => page.getByRole('spinbutton', { name: 'Standard quantity' }).inputValue()).toBe('2');
      await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('2 tickets');
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `flows-single-link-${label}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  }
});
