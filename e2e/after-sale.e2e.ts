import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import {
  expectAccessible, expectNoSidewaysScroll, mailbox, manageLinkOf, payForCart, payTheDifference, register, rescheduleToLastDate, setTypePrice, waitForMail,
} from './steps.js';

/**
 * After the sale, the journey of issue 13's "Checked by": a buyer with an account buys two timed
 * tickets in the storefront (the planetarium show, self-editable in the demo: an Adult at one
 * show and a free Under 3 lap ticket at another), opens the manage link of the e-mail in another
 * browser (self-edit is for logged-out buyers, docs/after-sale.md#who-may-read-or-change-an-order; the logged-in browser is asked to log out),
 * reschedules the Adult to a dearer show and pays the difference on /manage/{id}/confirm, cancels
 * the free ticket, resends the tickets from /resend (a fresh manage link arrives); back in the
 * buyer's logged-in browser My Account lists the order (/my/orders, tied to the buyer by boughtBy)
 * and the one visit left (/my/upcoming). The demo's prices do not vary by session: the Adult's
 * price rises after the purchase, so any other show is dearer.
 */
describe('after the sale: manage, reschedule, cancel, resend, My Account', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`buy two timed tickets, reschedule one paying more, cancel the free one, resend, My Account (${name} wide)`, async () => {
      await setTypePrice(sf, 'planetarium-adult', 1400);
      const buyer = await newPage(browser, viewport);
      const email = `after-sale-${name}-${Date.now()}@example.org`;
      await register(buyer.page, sf.url, email, 'Grace');
      await reserveShow(buyer.page, sf.url, 'Add one Adult', 3);
      await reserveShow(buyer.page, sf.url, 'Add one Under 3 (on a lap)', 4);
      await payForCart(buyer.page, sf.url, '$14');
      const orderNumber = (await buyer.page.getByTestId('order-number').first().textContent())!.trim();
      const mail = await waitForMail(sf.url, email, new RegExp(`^Your tickets — order ${orderNumber}$`));

      // The buyer's own browser is logged in: the order shows, but changing it asks for a log-out.
      await buyer.page.goto(`${sf.url}${manageLinkOf(mail)}`);
      await expect.poll(() => buyer.page.getByText('Please log-out to edit your tickets').isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await buyer.page.getByRole('link', { name: 'Reschedule' }).count()).toBe(0);
      await screenshot(buyer.page, `after-sale-log-out-first-${name}`);
      await expectAccessible(buyer.page);

      // Another browser, logged out, from the e-mail's link: a card per show.
      const { page, errors } = await newPage(browser, viewport);
      await page.goto(`${sf.url}${manageLinkOf(mail)}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(`Order ${orderNumber}`);
      const cards = page.locator('article.edit-order__session');
      await expect.poll(() => cards.count()).toBe(2);
      await screenshot(page, `after-sale-edit-order-${name}`);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, viewport.width);

      // Reschedule the Adult (the first show) to a dearer show: $6 more, paid by card.
      await setTypePrice(sf, 'planetarium-adult', 2000);
      const lapCard = cards.filter({ hasText: 'Under 3 (on a lap)' });
      const lapLabel = (await lapCard.getAttribute('aria-label'))!;
      const adultLabel = (await cards.filter({ hasText: 'Adult' }).getAttribute('aria-label'))!;
      await rescheduleToLastDate(page, `after-sale-reschedule-${name}`, new RegExp(`^${escape(adultLabel)}$`), 'Total $20');
      await payTheDifference(page, '$6', `after-sale-confirm-${name}`);
      await expect.poll(async () => (await mailbox(sf.url, email)).filter((m) => m.subject === `Your tickets — order ${orderNumber}`).length, { timeout: 15_000 }).toBe(2);
      expect(await page.getByRole('article', { name: adultLabel, exact: true }).count()).toBe(1);
      await expect.poll(() => page.getByRole('article', { name: adultLabel, exact: true }).getByText('Cancelled').first().isVisible()).toBe(true);

      // Cancel the free ticket: its show's Cancel, nothing to pay, Confirm Changes.
      await page.getByRole('article', { name: lapLabel, exact: true }).getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => page.getByText('Nothing to pay').isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(page, `after-sale-cancel-free-${name}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Confirm Changes' }).click();
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Your ticket has been cancelled.');
      await expect.poll(() => page.getByRole('button', { name: 'Confirm Changes' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('article', { name: lapLabel, exact: true }).getByText('Cancelled').first().isVisible()).toBe(true);
      await expect.poll(async () => (await mailbox(sf.url, email)).filter((m) => m.subject === `Your tickets — order ${orderNumber}`).length, { timeout: 15_000 }).toBe(3);
      await screenshot(page, `after-sale-changed-${name}`);
      await expectAccessible(page);

      // Resend: every order of the address again, with a fresh manage link.
      const before = (await mailbox(sf.url, email)).length;
      await page.goto(`${sf.url}/resend`);
      await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
      await page.getByRole('button', { name: 'Resend tickets' }).click();
      await expect.poll(() => page.getByText(`Your tickets are on their way to ${email}. Please check your inbox.`).isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(page, `after-sale-resend-${name}`);
      await expectAccessible(page);
      await expect.poll(async () => (await mailbox(sf.url, email)).length, { timeout: 15_000 }).toBe(before + 1);
      const resent = (await mailbox(sf.url, email))[0]; // newest first
      expect(resent.subject).toBe(`Your tickets — order ${orderNumber}`);
      const freshLink = manageLinkOf(resent);
      expect(freshLink).not.toBe(manageLinkOf(mail));
      await page.goto(`${sf.url}${freshLink}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(`Order ${orderNumber}`);
      expect(errors).toEqual([]);

      // My Account in the buyer's browser: the order, and the one visit left (the rescheduled show).
      await buyer.page.goto(`${sf.url}/my/orders`);
      const order = buyer.page.getByRole('listitem').filter({ has: buyer.page.getByRole('heading', { name: `Order ${orderNumber}` }) });
      await expect.poll(() => order.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await order.getByText('Journey to the Outer Planets').isVisible()).toBe(true);
      await screenshot(buyer.page, `after-sale-my-orders-${name}`);
      await expectAccessible(buyer.page);
      await expectNoSidewaysScroll(buyer.page, viewport.width);
      await buyer.page.goto(`${sf.url}/my/upcoming`);
      const visits = buyer.page.locator('.my-upcoming__visit');
      await expect.poll(() => visits.count(), { timeout: 15_000 }).toBe(1);
      expect(await visits.first().getByText(`1 ticket(s) · Order ${orderNumber}`).isVisible()).toBe(true);
      expect(await visits.first().getByRole('heading', { name: 'Journey to the Outer Planets' }).isVisible()).toBe(true);
      await screenshot(buyer.page, `after-sale-upcoming-${name}`);
      await expectAccessible(buyer.page);
      await visits.first().getByRole('link', { name: /^Details/ }).click();
      await expect.poll(() => buyer.page.getByText(`Order ${orderNumber}`).first().isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(buyer.page, `after-sale-visit-${name}`);
      await expectAccessible(buyer.page);
      expect(buyer.errors).toEqual([]);
      await buyer.context.close();
    });
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The planetarium show (quantity first): one ticket of a type, the n-th date offered, its first open time, Reserve. */
async function reserveShow(page: Page, base: string, add: string, nthDate: number) {
  const listing = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const show = listing.event_template._data.find((e) => e.name === 'Journey to the Outer Planets')!;
  await page.goto(`${base}/events/${show.id}`);
  await expect.poll(() => page.getByRole('heading', { name: 'How many tickets?' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: add, exact: true }).click();
  await page.getByRole('button', { name: 'Show dates' }).click();
  const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
  await expect.poll(() => dates.count()).toBeGreaterThan(nthDate);
  await dates.nth(nthDate).click();
  const open = page.locator('.time-button:not([aria-disabled="true"])');
  await expect.poll(() => open.count()).toBeGreaterThan(0);
  await open.first().click();
  await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('What other experiences would you like to add?');
}
