import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { apiClient, expectAccessible, mailbox, manageLinkOf, payTheDifference, rescheduleToLastDate, runSql, setTypePrice, waitForMail } from './steps.js';

/**
 * Self-edit (001 §2 Edit order, Reschedule; issue 13): two timed General Admission tickets bought,
 * the manage link opened from the mailbox in another browser, the session rescheduled after a
 * price rise (the difference paid on /manage/{id}/confirm with the demo card), the order-update
 * e-mail; then a cheaper change confirmed free (the difference refunded). Self-edit is switched on
 * for Admission in this journey's database (the demo catalog leaves it off: docs/after-sale.md).
 */
describe('self-edit of an order', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => {
    sf = s;
    browser = b;
  });
  const enableSelfEdit = () => {
    runSql(sf, "DELETE FROM config_entry WHERE namespace = 'web' AND name = 'self_edit_rules'");
    runSql(
      sf,
      "INSERT INTO config_entry (id, seller_id, resource_id, namespace, name, value) SELECT 'self-edit-e2e', id, id, 'web', 'self_edit_rules', ? FROM seller LIMIT 1",
      JSON.stringify({ categories: ['Admission'], horizon_hours: 2 }),
    );
  };
  const adultPrice = (minor: number) => setTypePrice(sf, 'adult', minor);

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`reschedules to a dearer session paying the difference, then a cheaper change refunds (${name} wide)`, async () => {
      enableSelfEdit();
      await adultPrice(2500);
      const email = `self-edit-${name}-${Date.now()}@example.org`;
      const orderNumber = await buyTwoAdults(sf.url, email);
      const mail = await waitForMail(sf.url, email, /^Your tickets — order /);
      const { page, errors } = await newPage(browser, viewport);
      await page.goto(`${sf.url}${manageLinkOf(mail)}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(`Order ${orderNumber}`);
      await expect.poll(() => page.locator('article.edit-order__session').count()).toBe(1);
      await screenshot(page, `edit-order-${name}`);
      await expectAccessible(page);

      // Prices rose since the purchase: the new session costs $10 more for the two adults.
      await adultPrice(3000);
      await rescheduleToLastDate(page, `reschedule-${name}`);
      await payTheDifference(page, '$10', `confirm-changes-${name}`);
      expect(new URL(page.url()).searchParams.get('changed')).toBe('rescheduled');
      // The order-update e-mail: the same order number, with the new tickets.
      await expect.poll(async () => (await mailbox(sf.url, email)).filter((m) => m.subject === `Your tickets — order ${orderNumber}`).length, { timeout: 15_000 }).toBe(2);

      // Back to the old price: moving again costs less, confirmed free and the difference refunded.
      await adultPrice(2500);
      await rescheduleToLastDate(page, `reschedule-${name}`);
      await expect.poll(() => page.getByText(/^\$10(\.00)? to refund$/).isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByRole('button', { name: 'Confirm Changes' }).click();
      await expect.poll(() => page.getByText('Your tickets have been rescheduled.').isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Confirm Changes' }).count()).toBe(0);
      await expect.poll(async () => (await mailbox(sf.url, email)).filter((m) => m.subject === `Your tickets — order ${orderNumber}`).length, { timeout: 15_000 }).toBe(3);
      expect(errors).toEqual([]);
    });
  }
});

/** Two Adults for General Admission, a few days ahead, bought through the API by a fresh guest; answers the order number. */
async function buyTwoAdults(base: string, email: string): Promise<string> {
  const call = apiClient(base);
  const listing = await call('GET', '/api/events/available');
  const event = listing.event_template._data.find((e) => e.name === 'General Admission')!;
  const detail = await call('GET', `/api/events/${event.id}?_embed=ticket_type`);
  const adult = detail.ticket_type._data.find((t) => t.name === 'Adult')!;
  const sessions = (await call('GET', `/api/events/${event.id}/sessions`)).event_session._data as { id: string; availableCapacity: number; start_datetime: string }[];
  const session = sessions.filter((s) => s.availableCapacity > 10 && Date.parse(s.start_datetime) > Date.now() + 3 * 86_400_000)[0];
  const cart = await call('POST', '/api/my/cart/modify', { add: [0, 1].map(() => ({ ticket_type_id: adult.id, event_session_id: session.id })) });
  const cartId = cart.cart._data[0].id as string;
  const user = await call('POST', '/api/user?_embed=identity', { first_name: 'Grace', last_name: 'Hopper', email });
  await call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.identity._data[0].id, send_email: true });
  const paid = await call('POST', `/api/cart/${cartId}/pay`, { amount: '50.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
  return String(paid.ticket_order._data[0].order_number);
}
