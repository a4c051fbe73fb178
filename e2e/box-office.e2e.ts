import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stepOf, totpCode } from '../packages/server/src/staff/totp.js';
import { copiedWebDist, DESKTOP, MOBILE, newPage, screenshot, useStorefront, type Storefront } from './harness.js';
import { apiClient, expectAccessible, PASSWORD } from './steps.js';

/**
 * The box office (issue 30, docs/box-office.md): an admin made with `staff add --password-stdin
 * --totp` signs in with password and TOTP code, finds a paid order by the buyer's e-mail, refunds
 * it in the refund dialog (found again by the card's last 4), then looks at the day's sessions,
 * the Members, Payment links and Audit log screens and the sales report; axe-clean at
 * 1280 wide, on a tablet and on a phone.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const TABLET = { width: 820, height: 1180 };

function staffAdd(sf: Storefront, email: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'staff', 'add', email, '--role', 'admin', '--password-stdin', '--totp'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: sf.databaseUrl },
    input: PASSWORD,
    encoding: 'utf8',
  });
  return new URL(/TOTP \(add to an authenticator app\): (\S+)/.exec(out)![1]).searchParams.get('secret')!;
}

/** A paid order of a $25 gift card, bought through the API by a fresh guest. */
async function paidOrder(base: string, email: string) {
  const call = apiClient(base);
  const listing = await call('GET', '/api/events/available');
  const event = listing.event_template._data.find((e) => e.name === 'Gift Cards')!;
  const detail = await call('GET', `/api/events/${event.id}?_embed=ticket_type`);
  const type = detail.ticket_type._data.find((t) => t.name === '$25 Gift Card')!;
  const session = (await call('GET', `/api/events/${event.id}/sessions`)).event_session._data[0];
  const cart = await call('POST', '/api/my/cart/modify', { add: [{ ticket_type_id: type.id, event_session_id: session.id }] });
  const cartId = cart.cart._data[0].id as string;
  const user = await call('POST', '/api/user?_embed=identity', { first_name: 'Grace', last_name: 'Hopper', email });
  await call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.identity._data[0].id, send_email: true });
  const paid = (await call('POST', `/api/cart/${cartId}/pay`, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' }, terms_accepted: true })) as unknown as { outcome: string };
  expect(paid.outcome).toBe('completed');
}

let lastStep = 0;

async function signIn(page: Page, base: string, email: string, secret: string) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').waitFor();
  // A fresh step: the code of a step already used is refused (one code, one sign-in).
  while (stepOf(new Date()) <= lastStep) await page.waitForTimeout(1000);
  const step = (lastStep = stepOf(new Date()));
  await page.getByLabel('Code').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Find an order' }).waitFor();
}

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

    await page.getByLabel('Order number, e-mail, name, phone, scan code or card’s last 4').fill('grace.boxoffice');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('table', { name: '1 orders' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.textContent()).toContain('grace.boxoffice@example.org');
    await expectAccessible(page);
    await screenshot(page, 'admin-find-desktop');

    // The card's last 4 finds it too.
    await page.getByLabel('Order number, e-mail, name, phone, scan code or card’s last 4').fill('4242');
    await page.getByRole('button', { name: 'Search' }).click();
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
    await screenshot(page, 'admin-refund-dialog-desktop');
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

    await page.getByRole('link', { name: 'Payment links' }).click();
    await page.getByRole('heading', { name: 'Payment links' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await expect.poll(async () => (await page.getByRole('table').textContent()) ?? '').toContain('order.refund');
    await expectAccessible(page);

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
      await small.page.getByRole('table', { name: '1 orders' }).waitFor();
      await expectAccessible(small.page);
      await screenshot(small.page, `admin-find-${name}`);
      await small.page.context().close();
    }
  }, 180_000);
});
