import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, seriousViolations, useStorefront, type Storefront } from './harness.js';

/**
 * Cart and holds: reserving from the date-first flow, the cart sidebar and drawer, removing an
 * item, a hold that runs out, and a session sold out under the buyer — real server, real Chromium.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const DEMO = join(ROOT, 'catalog', 'demo.json');

/** The demo catalog with another hold time, written to a temp file (images made absolute). */
function catalogWithHold(minutes: number): string {
  const catalog = JSON.parse(readFileSync(DEMO, 'utf8')) as {
    images: { file: string }[];
    config: { resource: string; namespace: string; name: string; value: unknown }[];
  };
  for (const image of catalog.images) image.file = resolve(dirname(DEMO), image.file);
  const hold = catalog.config.find((c) => c.namespace === 'cart' && c.name === 'hold_minutes');
  if (hold) hold.value = minutes;
  else catalog.config.push({ resource: 'seller', namespace: 'cart', name: 'hold_minutes', value: minutes });
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-catalog-')), 'catalog.json');
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** From the listing to General Admission, the 7th date, the first afternoon time; returns that session's id and time. */
async function pickSession(page: Page, base: string, day = 6): Promise<{ sessionId: string; time: string }> {
  await page.goto(`${base}/events`);
  await page.getByRole('link', { name: /General Admission/ }).first().click();
  const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
  await expect.poll(() => dates.count()).toBe(8);
  // That day, or the next one on sale (the demo has a sold-out day each week).
  let index = day;
  while ((await dates.nth(index).getAttribute('aria-disabled')) === 'true') index++;
  await dates.nth(index).click();
  await page.getByRole('tab', { name: /Afternoon/ }).click();
  const time = page.getByRole('tabpanel').getByRole('button').first();
  const sessionId = (await time.getAttribute('data-session-id'))!;
  const label = (await time.textContent())!.match(/\d{1,2}:\d{2} (AM|PM)/)![0];
  await time.click();
  await expect.poll(() => page.getByRole('button', { name: 'Add one Adult' }).isVisible()).toBe(true);
  return { sessionId, time: label };
}

async function chooseTwoAdultsOneChild(page: Page) {
  const addAdult = page.getByRole('button', { name: 'Add one Adult' });
  await addAdult.click();
  await addAdult.click();
  await page.getByRole('button', { name: 'Add one Child' }).click();
  await expect.poll(() => page.getByRole('spinbutton', { name: 'Adult quantity' }).inputValue()).toBe('2');
  await expect.poll(() => page.getByTestId('reserve-bar').textContent()).toContain('$62');
}

describe('reserving at desktop width', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('picks a date, a time and 2 Adult + 1 Child, reserves, sees the cart, removes an item', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    await pickSession(page, sf.url);
    await chooseTwoAdultsOneChild(page);
    await screenshot(page, 'quantities-desktop');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Reserve' }).click();
    // Upsells are on in the demo: the listing of other experiences, with the cart beside it.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    expect(new URL(page.url()).pathname).toBe('/events');
    const sidebar = page.getByRole('complementary', { name: 'Your cart', exact: true });
    await expect.poll(() => sidebar.getByText('2 × Adult').isVisible()).toBe(true);
    expect(await sidebar.getByText('1 × Child').isVisible()).toBe(true);
    expect(await sidebar.getByText('General Admission').isVisible()).toBe(true);
    expect(await sidebar.getByTestId('cart-total').textContent()).toBe('$62');
    // A 30-minute hold: the end time shows (the m:ss countdown starts under 20 minutes).
    expect(await sidebar.getByText(/Your tickets are held until \d{1,2}:\d{2} (AM|PM)\./).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cart, 3 tickets' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('article.event-card').count()).toBeGreaterThan(3);
    await screenshot(page, 'cart-sidebar-desktop');
    await expectAccessible(page);

    // Remove the child: a confirm overlay first, then the totals follow.
    await sidebar.getByRole('button', { name: 'Remove 1 × Child' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from cart?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain('Remove 1 × Child from your cart?');
    await page.waitForTimeout(300); // the dialog fades in
    await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-remove-desktop.png') });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(() => sidebar.getByTestId('cart-total').textContent()).toBe('$50');
    expect(await sidebar.getByText('1 × Child').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cart, 2 tickets' }).isVisible()).toBe(true);

    // The cart survives a reload (its id is stored per seller), and checkout shows its summary.
    await page.goto(`${sf.url}/checkout`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect.poll(() => summary.getByText('2 × Adult').isVisible()).toBe(true);
    expect(await summary.getByTestId('cart-total').textContent()).toBe('$50');
    await screenshot(page, 'checkout-summary-desktop');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  /** Someone else (another identity: no cookie) buys what is left of the session the page shows. */
  async function buyOut(page: Page, sessionId: string) {
    const eventId = new URL(page.url()).pathname.split('/').pop()!;
    const detail = (await (await fetch(`${sf.url}/api/events/${eventId}?_embed=ticket_type`)).json()) as { ticket_type: { _data: { id: string; name: string }[] } };
    const adult = detail.ticket_type._data.find((t) => t.name === 'Adult')!.id;
    for (;;) {
      const sessions = (await (await fetch(`${sf.url}/api/events/${eventId}/sessions?id=${sessionId}`)).json()) as { event_session: { _data: { availableCapacity: number }[] } };
      const left = sessions.event_session._data[0].availableCapacity;
      if (left <= 0) break;
      const add = Array.from({ length: Math.min(left, 20) }, () => ({ ticket_type_id: adult, event_session_id: sessionId }));
      const response = await fetch(`${sf.url}/api/my/cart/modify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ add }) });
      expect(response.status).toBe(200);
    }
  }

  it('a session sold out under the buyer: the exact message, and the time is to be chosen again', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    // The page hears nothing live here (its stream stays unanswered): the buyer learns at Reserve.
    await page.route(/\/api\/events\/[^/]+\/live/, () => undefined);
    const { sessionId, time } = await pickSession(page, sf.url);
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await buyOut(page, sessionId);

    await page.getByRole('button', { name: 'Reserve' }).click();
    const message = `Tickets have sold out for the session at ${time}. Please select another session and try again.`;
    await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: message }).count()).toBe(1);
    // The selection is cleared: times are offered again and that one reads sold out.
    expect(await page.getByRole('button', { name: 'Add one Adult' }).count()).toBe(0);
    await page.getByRole('tab', { name: /Afternoon/ }).click();
    await expect.poll(() => page.locator(`[data-session-id="${sessionId}"]`).textContent()).toContain('Sold out');
    await screenshot(page, 'sold-out-desktop');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
  it('a session sold out while the buyer chooses: the page, following the sales live, says so before Reserve', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    const { sessionId } = await pickSession(page, sf.url, 2);
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await buyOut(page, sessionId);
    await expect.poll(() => page.getByText('There are no tickets available for this time. Please choose another time.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reserve' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('reserving on a phone (390×844)', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  it('reserves from the sticky footer and shows the cart in a drawer; no sideways scroll', async () => {
    const { page, errors } = await newPage(browser, MOBILE);
    await pickSession(page, sf.url);
    await chooseTwoAdultsOneChild(page);
    // The reserve footer is fixed at the bottom of the screen.
    const bar = page.getByTestId('reserve-bar');
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
    const reserve = page.getByRole('button', { name: 'Reserve' });
    const button = (await reserve.boundingBox())!;
    expect(button.height).toBeGreaterThanOrEqual(44);
    for (const name of ['Add one Adult', 'Remove one Adult']) expect((await page.getByRole('button', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'quantities-mobile-viewport.png') });
    await screenshot(page, 'quantities-mobile');
    await expectAccessible(page);

    await reserve.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    // No sidebar on a phone: the header's cart button opens the drawer.
    expect(await page.getByRole('complementary', { name: 'Your cart', exact: true }).isVisible()).toBe(false);
    const cartButton = page.getByRole('button', { name: 'Cart, 3 tickets' });
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await expect.poll(() => drawer.getByText('2 × Adult').isVisible()).toBe(true);
    expect(await drawer.getByTestId('cart-total').textContent()).toBe('$62');
    expect(await drawer.getByRole('link', { name: 'Proceed to checkout' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Add more experiences' }).isVisible()).toBe(true);
    // A bottom drawer (once its slide-in has finished).
    await expect.poll(async () => {
      const drawerBox = (await drawer.boundingBox())!;
      return Math.round(drawerBox.y + drawerBox.height);
    }).toBe(MOBILE.height);
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-drawer-mobile.png') });
    await expectAccessible(page);

    // Escape closes it and focus returns to the cart button.
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.querySelector('.visually-hidden')?.textContent)).toBe('Cart, 3 tickets');

    // The mobile footer under the upsell listing goes on to checkout, which shows the summary.
    const footer = page.locator('.cart-footer');
    expect(await footer.textContent()).toContain('$62');
    await footer.getByRole('link', { name: 'Checkout' }).click();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect.poll(() => summary.getByText('2 × Adult').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'checkout-summary-mobile');
    await expectAccessible(page);

    // Removing everything from the drawer empties the cart and closes the drawer.
    await cartButton.click();
    expect(await drawer.getByRole('link', { name: 'Proceed to checkout' }).count()).toBe(0); // hidden on checkout
    await drawer.getByRole('button', { name: 'Remove 2 × Adult' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from cart?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-remove-mobile.png') });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => drawer.getByText('2 × Adult').count()).toBe(0);
    await drawer.getByRole('button', { name: 'Remove 1 × Child' }).click();
    const last = page.getByRole('dialog', { name: 'Remove from cart?' });
    expect(await last.textContent()).toContain('your cart will be emptied');
    await last.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Cart', exact: true }).isVisible()).toBe(true);
    // An empty cart has no checkout (docs/checkout.md#screens): the buyer goes home.
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/checkout');
    expect(errors).toEqual([]);
  });
});

describe('a hold that runs out (cart.hold_minutes 0.6)', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), () => ({ FOYER_SEED_FILE: catalogWithHold(0.6) }));

  it('counts down in m:ss with the error style, then the expiry dialog offers Start over and the cart is gone', async () => {
    // A desktop and a phone (two buyers) hold at the same time; both holds run out.
    const desktop = await newPage(browser, DESKTOP);
    const phone = await newPage(browser, MOBILE);
    for (const { page } of [desktop, phone]) {
      await pickSession(page, sf.url);
      await chooseTwoAdultsOneChild(page);
      await page.getByRole('button', { name: 'Reserve' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('What other experiences would you like to add?');
    }
    const { page } = desktop;
    const sidebar = page.getByRole('complementary', { name: 'Your cart', exact: true });
    await expect.poll(() => sidebar.getByText('2 × Adult').isVisible()).toBe(true);
    // 36 s on the server, 31 s locally: under 2 minutes, so m:ss in the error style.
    const timer = sidebar.locator('.cart-timer');
    await expect.poll(() => timer.getAttribute('data-level')).toBe('error');
    expect(await timer.textContent()).toMatch(/Time left 0:[0-3]\d/);
    await screenshot(page, 'cart-timer-desktop');
    await phone.page.getByRole('button', { name: 'Cart, 3 tickets' }).click();
    await expect.poll(() => phone.page.getByRole('dialog', { name: 'Your cart', exact: true }).locator('.cart-timer').getAttribute('data-level')).toBe('error');
    await phone.page.waitForTimeout(300);
    await phone.page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-timer-mobile.png') });

    const dialog = page.getByRole('dialog', { name: 'Your cart has timed out' });
    await expect.poll(() => dialog.isVisible(), { timeout: 45_000 }).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start over');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('foyer:cart:')))).toEqual([]);
    await page.waitForTimeout(400); // let the dialog finish fading in
    await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-expired-desktop.png') });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Start over' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    expect(await page.getByRole('button', { name: 'Cart', exact: true }).isVisible()).toBe(true);

    // On the phone the drawer was open: the expiry dialog replaces it. The dialog is drawn a render before the
    // emptied drawer closes itself, so wait for both at once.
    const phoneDialog = phone.page.getByRole('dialog', { name: 'Your cart has timed out' });
    const phoneDrawer = phone.page.getByRole('dialog', { name: 'Your cart', exact: true });
    await expect.poll(async () => [await phoneDialog.isVisible(), await phoneDrawer.count()], { timeout: 10_000 }).toEqual([true, 0]);
    await phone.page.waitForTimeout(400);
    await phone.page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', 'cart-expired-mobile.png') });
    await expectAccessible(phone.page);
    await phoneDialog.getByRole('button', { name: 'Start over' }).click();
    await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Events');
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
