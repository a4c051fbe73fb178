import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './harness.js';

/** Steps the journeys share: accounts in the menu, paying at the checkout, the dev mailbox, axe. */

export type Mail = { to: string; subject: string; text: string };

export async function mailbox(base: string, to: string): Promise<Mail[]> {
  const doc = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { mailbox?: { _data: Mail[] } };
  return doc.mailbox?._data ?? [];
}

/** The newest message to `to` whose subject matches, once the worker has it. */
export async function waitForMail(base: string, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => (found = (await mailbox(base, to)).find((m) => subject.test(m.subject))), { timeout: 15_000 }).toBeTruthy();
  return found!;
}

/** JSON calls to the storefront's API as one browser would make them (its cookies kept); a refusal throws with the answer. */
export function apiClient(base: string) {
  let cookie = '';
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', cookie, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = response.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = [cookie, ...set.map((c) => c.split(';')[0])].filter(Boolean).join('; ');
    const json = (await response.json()) as Record<string, { _data: Record<string, unknown>[] }>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

export const PASSWORD = 'Harbour-2026';

export async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export const menu = (page: Page) => page.getByRole('navigation', { name: 'Account' });
export const dialog = (page: Page) => page.getByRole('dialog');

export async function openLogin(page: Page) {
  await menu(page).getByRole('link', { name: 'Log in' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Log in' }).isVisible()).toBe(true);
}

export async function expectGreeting(page: Page, first: string) {
  await expect.poll(() => menu(page).getByRole('button', { name: new RegExp(`Hi, ${first}`) }).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => dialog(page).count()).toBe(0);
}

export async function register(page: Page, base: string, email: string, first: string) {
  await page.goto(`${base}/events`);
  await openLogin(page);
  await dialog(page).getByRole('button', { name: 'Create an account' }).click();
  const form = dialog(page);
  await form.getByRole('textbox', { name: 'First name' }).fill(first);
  await form.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await form.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Confirm email address' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expectGreeting(page, first);
}

export async function logOut(page: Page) {
  await menu(page).getByRole('button', { name: /^Hi, / }).click();
  await menu(page).getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => menu(page).getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
}

export async function payForCart(page: Page, base: string, total: string) {
  if (new URL(page.url()).pathname !== '/checkout') await page.goto(`${base}/checkout`);
  await expect.poll(() => page.getByTestId('total-to-pay').textContent(), { timeout: 10_000 }).toBe(total);
  const first = page.getByRole('textbox', { name: 'First name' });
  if (await first.isVisible()) {
    if (!(await first.inputValue())) await first.fill('Grace');
    const last = page.getByRole('textbox', { name: 'Last name' });
    if (!(await last.inputValue())) await last.fill('Hopper');
  }
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await confirmAccepting(page, `Pay ${total}`);
}

/** Presses the checkout's button, accepts the seller's terms, and waits for the complete page. */
export async function confirmAccepting(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect.poll(() => terms.isVisible()).toBe(true);
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');
}

