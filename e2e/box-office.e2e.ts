import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copiedWebDist, DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { paidOrder, SEARCH_LABEL, signIn, staffAdd, TABLET } from './box-office-steps.js';
import { expectAccessible } from './steps.js';

/**
 * The box office (issue 30, docs/box-office.md): an admin made with `staff add --password-stdin
 * --totp` signs in with password and TOTP code, finds a paid order by the buyer's e-mail, refunds
 * it in the refund dialog (found again by the card's last 4), then looks at the day's sessions,
 * the Members, Payment links and Audit log screens and the sales report; axe-clean at
 * 1280 wide, on a tablet and on a phone. The pictures are docs/box-office/'s.
 */

describe('the box office', () => {
  let sf: Storefront;
  let browser: Browser;
  useStorefront((s, b) => ((sf = s), (browser = b)), copiedWebDist);

  it('sign in with TOTP, find an order, refund it in the dialog; sessions and reports; accessible at 1280, tablet and phone', async () => {
    const secret = staffAdd(sf, 'boss@museum.example');
    await paidOrder(sf.url, 'grace.boxoffice@example.org');
    const { page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${sf.url}/admin`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-sign-in-desktop');
    await signIn(page, sf.url, 'boss@museum.example', secret);
    await expectAccessible(page);

    await page.getByLabel(SEARCH_LABEL).fill('grace.boxoffice');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('table', { name: '1 order' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.textContent()).toContain('grace.boxoffice@example.org');
    await expectAccessible(page);
    await screenshot(page, 'admin-find-desktop');

    // The card's last 4 finds it too. The e-mail's results already list the order, so wait for this search's own
    // answer first (asked once the new search has replaced the old table), then for its table.
    const byCard = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/orders' && new URL(r.url()).searchParams.get('q') === '4242');
    await page.getByLabel(SEARCH_LABEL).fill('4242');
    await page.getByRole('button', { name: 'Search' }).click();
    expect((await byCard).status()).toBe(200);
    await expect.poll(async () => (await page.getByRole('table').textContent()) ?? '').toContain('grace.boxoffice@example.org');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: /^Order \d+$/ }).waitFor();
    expect(await page.getByRole('table', { name: 'Tickets' }).getByRole('row').count()).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'admin-order-desktop');

    await page.getByRole('button', { name: 'Refund whole order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByLabel('Reason').fill('Bought by mistake');
    await page.waitForTimeout(300);
    await expectAccessible(page);
    await screenshot(page, 'admin-refund-dialog-desktop', { dialog: true });
    await dialog.getByRole('button', { name: 'Refund 25.00' }).click();
    await page.getByRole('status').filter({ hasText: 'Refunded 25.00.' }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Tickets' }).getByRole('row').nth(1).textContent()).toContain('cancelled');
    expect(await page.getByRole('table', { name: 'Payments and refunds' }).textContent()).toContain('refunded');

    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await screenshot(page, 'admin-sessions-desktop');

    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-members-desktop');

    await page.getByRole('link', { name: 'Payment links' }).click();
    await page.getByRole('heading', { name: 'Payment links' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await screenshot(page, 'admin-payment-links-desktop');

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await expect.poll(async () => (await page.getByRole('table').textContent()) ?? '').toContain('order.refund');
    await expectAccessible(page);
    await screenshot(page, 'admin-audit-desktop');

    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Totals' }).waitFor();
    expect(await page.getByRole('region', { name: 'Totals' }).or(page.locator('section.admin-summary')).first().textContent()).toContain('Refunded: 25.00');
    await expectAccessible(page);
    await screenshot(page, 'admin-reports-desktop');
    expect(errors).toEqual([]);
    await page.context().close();

    for (const [name, viewport] of [['tablet', TABLET], ['mobile', MOBILE]] as const) {
      const small = await newPage(browser, viewport);
      await signIn(small.page, sf.url, 'boss@museum.example', secret);
      await small.page.goto(`${sf.url}/admin?q=grace.boxoffice`);
      await small.page.getByRole('table', { name: '1 order' }).waitFor();
      await expectAccessible(small.page);
      await screenshot(small.page, `admin-find-${name}`);
      await small.page.context().close();
    }
  }, 180_000);
});
