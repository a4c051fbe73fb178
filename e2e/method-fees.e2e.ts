import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { cartInPage, expectAccessible, expectNoSidewaysScroll, payForCart, setConfig } from './steps.js';

/**
 * Payment-method fees (docs/payments.md "Payment-method fees"): with a card fee of 0.30 + 2 % set
 * for the seller, the checkout's pay bar shows the fee and the total with it, the demo card is
 * charged that total, and the order records the fee. At 1280×800 and 390×844, axe clean.
 */
describe('payment-method fees at checkout', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)));

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`the card fee is shown, charged and recorded (${viewport.width}×${viewport.height})`, async () => {
      setConfig(sf, 'payments', 'payment_method_fees', [{ pmc_id: 'pmc_card_e2e', payment_method: 'card', fixed: 30, percent: 2 }]);
      const { page, errors } = await newPage(browser, viewport);
      const cartId = await cartInPage(page, sf.url);
      const priced = await page.evaluate(async (id) => (await (await fetch(`/api/my/cart/${id}`)).json()).cart._data[0], cartId);
      const fee = priced.stripeFee.find((f: { payment_method: string }) => f.payment_method === 'card');
      const due = Math.round(Number(priced.paymentDue) * 100);
      expect(Math.round(Number(fee.amount) * 100)).toBe(30 + Math.round(due * 0.02));
      expect(priced.paymentDueByCreditCard).toBe(fee.total);

      await page.goto(`${sf.url}/checkout`);
      await expect.poll(() => page.getByTestId('total-to-pay').textContent(), { timeout: 10_000 }).toBe(`$${fee.total}`);
      expect(await page.getByTestId('method-fee').textContent()).toBe(`Includes a payment fee of $${fee.amount}`);
      // The order summary lists the fee and totals with it: the number the card is charged.
      const summary = page.locator('.checkout__summary');
      expect(await summary.getByTestId('cart-method-fee').textContent()).toBe(`$${fee.amount}`);
      expect(await summary.getByTestId('cart-total').textContent()).toBe(`$${fee.total}`);
      // The pay bar with its fee line stays on screen on a phone.
      const bar = (await page.getByTestId('pay-bar').boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height + 1);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `method-fee-${label}`);
      await expectAccessible(page);

      await page.getByRole('textbox', { name: 'E-mail address' }).fill(`fees-${label}-${Date.now()}@example.org`);
      await payForCart(page, sf.url, `$${fee.total}`);
      const orderId = new URL(page.url()).searchParams.get('orderIds')!;
      const order = await page.evaluate(async (id) => (await (await fetch(`/api/ticket_order/${id}`)).json()).ticket_order._data[0], orderId);
      expect(order.ticket_order_fees).toMatchObject({ total_after_fees_price: fee.total, total_payments: fee.total, total_outstanding: '0.00', total_payment_method_fees: fee.amount });
      expect(errors).toEqual([]);
    });
  }
});
