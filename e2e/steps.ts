import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, seriousViolations, type Storefront } from './harness.js';

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
    const set = response.headers.getSetCookie();
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
  await fillDemoCard(page);
  await confirmAccepting(page, `Pay ${total}`);
}

/** The demo gateway's card that succeeds. */
export async function fillDemoCard(page: Page) {
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
}

/** Presses the checkout's button, accepts the seller's terms, and waits for the complete page. */
export async function confirmAccepting(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect.poll(() => terms.isVisible()).toBe(true);
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/complete');
}


/** A statement on the storefront's own SQLite database (a journey's arrangement: self-edit on, a price changed). */
export function runSql(sf: Storefront, statement: string, ...args: unknown[]) {
  const db = new Database(sf.databaseUrl.slice('sqlite:'.length));
  try {
    db.prepare(statement).run(...args);
  } finally {
    db.close();
  }
}

/** One of the seller's configuration entries, set in this journey's database. */
export function setConfig(sf: Storefront, namespace: string, name: string, value: unknown) {
  runSql(sf, 'DELETE FROM config_entry WHERE namespace = ? AND name = ?', namespace, name);
  runSql(sf, 'INSERT INTO config_entry (id, seller_id, resource_id, namespace, name, value) SELECT ?, id, id, ?, ?, ? FROM seller LIMIT 1', `e2e-${namespace}-${name}`, namespace, name, JSON.stringify(value));
}

/**
 * A ticket type's price changed behind the catalog (the demo's prices do not vary by session, so a
 * dearer session is a price rise after the purchase). Catalog reads on the reserve path are
 * memoised for 2 s (server ttl-cache.ts; an import clears them, a direct SQL change does not), so
 * the change is waited out before the next reserve.
 */
export async function setTypePrice(sf: Storefront, catalogKey: string, minor: number) {
  runSql(sf, 'UPDATE ticket_type SET currency_amount = ? WHERE catalog_key = ?', minor, catalogKey);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
}

/** The manage link of an order e-mail, as a path with its key. */
export function manageLinkOf(mail: Mail): string {
  const link = new URL(/Manage your order: (\S+)/.exec(mail.text)![1]);
  return `${link.pathname}${link.search}`;
}

/** From the edit-order screen: the first (or the named session's) Reschedule, the last date offered (with its price, when given), its first time, Update. */
export async function rescheduleToLastDate(page: Page, shot: string, session?: RegExp, dayPrice?: string, dearerBy?: string) {
  const card = session ? page.getByRole('article', { name: session }) : page.locator('article.edit-order__session');
  await card.getByRole('link', { name: 'Reschedule' }).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reschedule');
  const dates = page.getByRole('list', { name: 'Available dates' }).getByRole('button');
  await expect.poll(() => dates.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const last = dates.and(page.locator(':not([aria-disabled="true"])')).last();
  // The days are priced for the tickets being moved (their total at today's prices).
  if (dayPrice) expect(await last.textContent()).toContain(dayPrice);
  await last.click();
  const times = page.getByRole('tabpanel').getByRole('button').and(page.locator(':not([disabled])'));
  await expect.poll(() => times.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await times.first().click();
  // A dearer time is said before Update, from today's prices (POST events/{id}/pricecheck).
  if (dearerBy) await expect.poll(() => page.getByText(new RegExp(`^Moving to .* costs ${dearerBy.replace('$', '\\$')}(\\.00)? more than you paid\\.$`)).isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(page, shot);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Update' }).click();
}

/**
 * After a reschedule that costs more: the warning with the cost, Continue, the footer's amount,
 * Confirm Changes, then /manage/{id}/confirm paid with the demo card (the seller's terms accepted
 * as at checkout), back on the order with "Your tickets have been rescheduled."
 */
export async function payTheDifference(page: Page, amount: string, shot: string) {
  const money = amount.replace('$', '\\$');
  await expect.poll(() => page.getByText(new RegExp(`costs ${money}(\\.00)? more`)).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect.poll(() => page.getByText(new RegExp(`^${money}(\\.00)? to pay$`)).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Confirm Changes' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/confirm$/);
  await fillDemoCard(page);
  await screenshot(page, shot);
  await expectAccessible(page);
  await page.getByRole('button', { name: new RegExp(`^Pay ${money}`) }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  const done = page.getByText('Your tickets have been rescheduled.');
  await expect.poll(async () => (await terms.isVisible()) || (await done.isVisible()), { timeout: 20_000 }).toBe(true);
  if (await terms.isVisible()) await terms.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => done.isVisible(), { timeout: 20_000 }).toBe(true);
}

/** A cart of two Adults for General Admission made in the page (its public identity), stored as the storefront stores it. */
export async function cartInPage(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/events`);
  return page.evaluate(async () => {
    const get = async (path: string) => (await fetch(path)).json();
    const config = await get('/api/config?_embed=seller');
    const listing = await get('/api/events/available');
    const event = listing.event_template._data.find((e: { name: string }) => e.name === 'General Admission');
    const detail = await get(`/api/events/${event.id}?_embed=ticket_type`);
    const adult = detail.ticket_type._data.find((t: { name: string }) => t.name === 'Adult');
    const sessions = await get(`/api/events/${event.id}/sessions`);
    const session = sessions.event_session._data.find((x: { availableCapacity: number }) => x.availableCapacity > 5);
    const line = { ticket_type_id: adult.id, event_session_id: session.id };
    const cart = await (await fetch('/api/my/cart/modify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ add: [line, line] }) })).json();
    const id = cart.cart._data[0].id as string;
    localStorage.setItem(`foyer:cart:${config.seller._data[0].id}`, id);
    return id;
  });
}

/** A public event's id by its name, as the listing answers it. */
export async function eventIdByName(sf: Storefront, name: string): Promise<string> {
  const list = (await (await fetch(`${sf.url}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  return list.event_template._data.find((e) => e.name === name)!.id;
}

/** Whether React has taken this element over (hydrated it): React keeps its fiber on the DOM node. */
export const hydrated = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));
