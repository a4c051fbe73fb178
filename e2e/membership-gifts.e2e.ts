import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copiedWebDist, DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { confirmAccepting, expectAccessible, expectNoSidewaysScroll, payForCart, register, waitForMail } from './steps.js';

/**
 * Gifts of membership in the browser (issue #12), at 1280 and 390×844, axe clean: a member gives
 * an Individual membership to a friend (not to oneself; a cart with items must be acted on first) →
 * pays → the complete page and the e-mail show the 10-character code → another account opens the
 * redeem link, the gift covers the level → completes free → is a member; the same code again →
 * "This code has already been redeemed".
 */
describe('gifts of membership in the browser', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => {
    sf = s;
    browser = b;
  }, copiedWebDist);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`give a membership, redeem its code in another account, not twice (${label})`, async () => {
      const giver = await newPage(browser, viewport);
      const page = giver.page;
      const stamp = `${label}-${Date.now()}`;
      const giverEmail = `giver-${stamp}@example.org`;
      await register(page, sf.url, giverEmail, label === 'desktop' ? 'Gina' : 'Gert');

      await page.goto(`${sf.url}/membership`);
      await page.getByRole('link', { name: 'Give a membership as a gift' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toMatch(/^\/events\/[^/]+\/gift$/);
      const levels = page.getByRole('region', { name: 'Choose a membership to give' });
      await expect.poll(() => levels.isVisible(), { timeout: 10_000 }).toBe(true);

      await levels.getByRole('radio', { name: /Individual/ }).check();
      const who = page.getByRole('region', { name: 'Who is it for?' });
      // Empty fields: errors tied to them.
      await page.getByRole('button', { name: 'Add gift to cart' }).click();
      await expect.poll(() => who.getByText('This field is required.').first().isVisible()).toBe(true);
      // Oneself is refused with the spec's text.
      await who.getByRole('textbox', { name: 'Their first name' }).fill('Fran');
      await who.getByRole('textbox', { name: 'Their last name' }).fill('Friend');
      await who.getByRole('textbox', { name: 'Their e-mail address' }).fill(giverEmail);
      await page.getByRole('button', { name: 'Add gift to cart' }).click();
      await expect.poll(() => who.getByText('You cannot gift a membership to yourself. Do you want to buy or renew a membership?').isVisible()).toBe(true);
      const friendEmail = `friend-${stamp}@example.org`;
      await who.getByRole('textbox', { name: 'Their e-mail address' }).fill(friendEmail);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `gift-form-${label}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add gift to cart' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/checkout');
      await expect.poll(() => page.getByTestId('giftee-notice').textContent()).toContain(`Fran Friend (${friendEmail})`);
      // Back on the gift page with the gift in the cart: gifting needs an empty cart, so the page asks to act on it first.
      await page.goBack();
      const cartFirst = page.getByRole('dialog', { name: 'Your cart has items' });
      await expect.poll(() => cartFirst.isVisible(), { timeout: 10_000 }).toBe(true);
      await screenshot(page, `gift-cart-first-${label}`);
      await expectAccessible(page);
      await cartFirst.getByRole('button', { name: 'Go to checkout' }).click();
      await payForCart(page, sf.url, '$75');

      // The complete page shows the code; the giver's e-mail carries it with the redeem link.
      const codeCell = page.getByTestId('gift-code');
      await expect.poll(() => codeCell.count(), { timeout: 10_000 }).toBe(1);
      const code = (await codeCell.textContent())!.trim();
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      await screenshot(page, `gift-complete-${label}`);
      await expectAccessible(page);
      const mail = await waitForMail(sf.url, giverEmail, /^Your tickets/);
      expect(mail.text).toContain(`gift code ${code}`);
      const link = /https?:\/\/\S+\/membership\/redeem\?code=[A-Z2-9]{10}/.exec(mail.text)![0];

      // Someone else redeems it from the link: the gift covers Individual.
      const redeemer = await newPage(browser, viewport);
      const r = redeemer.page;
      const redeemerEmail = `redeemer-${stamp}@example.org`;
      await register(r, sf.url, redeemerEmail, 'Fran');
      await r.goto(`${sf.url}${new URL(link).pathname}${new URL(link).search}`);
      const choose = r.getByRole('region', { name: 'Choose your membership' });
      await expect.poll(() => choose.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await r.getByRole('textbox', { name: 'Gift code' }).inputValue()).toBe(code);
      expect(await choose.getByRole('radio').count()).toBeLessThanOrEqual(3);
      expect(await choose.getByRole('radio', { name: /Individual.*Free with your gift/ }).isChecked()).toBe(true);
      const member = r.getByRole('group', { name: 'Member', exact: true });
      await member.getByRole('textbox', { name: 'First name' }).fill('Fran');
      await member.getByRole('textbox', { name: 'Last name' }).fill('Friend');
      const email = member.getByRole('textbox', { name: /mail/i });
      if (await email.isVisible()) await email.fill(redeemerEmail);
      await expectNoSidewaysScroll(r, viewport.width);
      await screenshot(r, `gift-redeem-${label}`);
      await expectAccessible(r);
      await r.getByRole('button', { name: 'Redeem and continue' }).click();
      await expect.poll(() => new URL(r.url()).pathname, { timeout: 10_000 }).not.toBe('/membership/redeem');
      await r.goto(`${sf.url}/checkout`);
      await expect.poll(() => r.getByTestId('total-to-pay').textContent(), { timeout: 10_000 }).toMatch(/^(\$0(\.00)?|Free)$/);
      await confirmAccepting(r, 'Complete order');
      const cards = r.getByRole('list', { name: 'Cards' });
      await expect.poll(() => cards.getByTestId('member-id').count(), { timeout: 10_000 }).toBe(1);
      expect(await r.getByRole('heading', { name: 'Individual' }).isVisible()).toBe(true);
      // The gift paid for it: the complete page says what was saved.
      expect(await r.getByTestId('order-discount').textContent()).toBe('You saved $75');

      // The same code again: already redeemed.
      await r.goto(`${sf.url}/membership/redeem?code=${code}`);
      await expect.poll(() => r.getByText('This code has already been redeemed').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await r.getByRole('region', { name: 'Choose your membership' }).count()).toBe(0);
      await screenshot(r, `gift-redeemed-again-${label}`);
      await expectAccessible(r);
      expect(giver.errors).toEqual([]);
      expect(redeemer.errors).toEqual([]);
    });

    it(`buy with auto-renew, see it in My Account, cancel it from the link (${label})`, async () => {
      const { page, errors } = await newPage(browser, viewport);
      const email = `renew-${label}-${Date.now()}@example.org`;
      await register(page, sf.url, email, 'Rita');
      await page.goto(`${sf.url}/membership`);
      const levels = page.getByRole('region', { name: 'Choose your membership' });
      await expect.poll(() => levels.isVisible(), { timeout: 10_000 }).toBe(true);
      await levels.getByRole('radio', { name: /Individual/ }).check();
      const autoRenew = page.getByRole('checkbox', { name: 'Renew automatically each year with this card' });
      await autoRenew.check();
      // docs/accounts.md#web-screens: changing level resets it.
      await levels.getByRole('radio', { name: /Dual/ }).check();
      await expect.poll(() => autoRenew.isChecked()).toBe(false);
      await levels.getByRole('radio', { name: /Individual/ }).check();
      await autoRenew.check();
      const member = page.getByRole('group', { name: 'Member', exact: true });
      await member.getByRole('textbox', { name: 'First name' }).fill('Rita');
      await member.getByRole('textbox', { name: 'Last name' }).fill('Renew');
      const mail = member.getByRole('textbox', { name: /mail/i });
      if (await mail.isVisible()) await mail.fill(email);
      await screenshot(page, `auto-renew-form-${label}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toMatch(/^\/events\/[^/]+$/);
      await page.goto(`${sf.url}/checkout`);
      await expect.poll(() => page.getByTestId('auto-renew-notice').isVisible(), { timeout: 10_000 }).toBe(true);
      await payForCart(page, sf.url, '$75');

      // My Account: renews automatically on the saved card; the link cancels it.
      await page.goto(`${sf.url}/my/membership`);
      const status = page.getByTestId('auto-renew-status');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Renews automatically on .+ We will charge your Visa card ending in 4242\./);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `auto-renew-my-${label}`);
      await expectAccessible(page);
      await status.getByRole('link', { name: 'Cancel automatic renewal' }).click();
      const cancel = page.getByRole('button', { name: 'Cancel automatic renewal' });
      await expect.poll(() => cancel.isVisible(), { timeout: 10_000 }).toBe(true);
      await screenshot(page, `auto-renew-cancel-${label}`);
      await expectAccessible(page);
      await cancel.click();
      await expect.poll(() => page.getByText('Automatic renewal is cancelled. Your membership stays valid until it ends.').isVisible()).toBe(true);
      // Again: not enrolled any more.
      await page.reload();
      await expect.poll(() => page.getByText('This membership is not set to renew automatically.').isVisible(), { timeout: 10_000 }).toBe(true);
      await page.goto(`${sf.url}/my/membership`);
      await expect.poll(() => page.getByTestId('auto-renew-status').textContent(), { timeout: 10_000 }).toContain('Automatic renewal is cancelled.');
      expect(errors).toEqual([]);
    });
  }
});
