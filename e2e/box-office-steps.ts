import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { stepOf, totpCode } from '../packages/server/src/staff/totp.js';
import type { Storefront } from './harness.js';
import { apiClient, PASSWORD } from './steps.js';

/** Steps the box office's journeys share (docs/box-office.md): a staff member, the TOTP sign-in, a paid order. */

const ROOT = new URL('..', import.meta.url).pathname;
export const TABLET = { width: 820, height: 1180 };

/** An admin made by `staff add --password-stdin --totp`; answers the TOTP secret. */
export function staffAdd(sf: Storefront, email: string): string {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'staff', 'add', email, '--role', 'admin', '--password-stdin', '--totp'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: sf.databaseUrl },
    input: PASSWORD,
    encoding: 'utf8',
  });
  return new URL(/TOTP \(add to an authenticator app\): (\S+)/.exec(out)![1]).searchParams.get('secret')!;
}

/** With `zone`, a seated sale: the type of that name and price, in the first free seat of that zone of the map. */
type Sale = { event: string; type: string; amount: string; zone?: string; session?: (s: { id: string; start_datetime: string; availableCapacity: number }) => boolean };

/** A paid order of one ticket, bought through the API by a fresh guest with the demo card; answers its session (with its event's id). */
export async function paidOrder(base: string, email: string, sale: Sale = { event: 'Gift Cards', type: '$25 Gift Card', amount: '25.00' }) {
  const call = apiClient(base);
  const listing = await call('GET', '/api/events/available');
  const event = listing.event_template._data.find((e) => e.name === sale.event)!;
  const detail = await call('GET', `/api/events/${String(event.id)}?_embed=ticket_type`);
  const type = detail.ticket_type._data.find((t) => t.name === sale.type && (!sale.zone || t.currency_amount === sale.amount))!;
  const sessions = (await call('GET', `/api/events/${String(event.id)}/sessions`)).event_session._data as { id: string; start_datetime: string; availableCapacity: number }[];
  const session = sessions.find(sale.session ?? (() => true))!;
  const seat = sale.zone
    ? ((await call('GET', `/api/events/${String(event.id)}/sessions/${session.id}/seat_map?_withgeometry=true`)).seat._data as { id: string; zone: string; state: string }[]).find((x) => x.zone === sale.zone && x.state === 'available')!
    : null;
  const cart = await call('POST', '/api/my/cart/modify', { add: [{ ticket_type_id: type.id, event_session_id: session.id, ...(seat ? { handler_data: { seat_id: seat.id } } : {}) }] });
  const cartId = cart.cart._data[0].id as string;
  const user = await call('POST', '/api/user?_embed=identity', { first_name: 'Grace', last_name: 'Hopper', email });
  await call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.identity._data[0].id, send_email: true });
  const paid = (await call('POST', `/api/cart/${cartId}/pay`, { amount: sale.amount, gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' }, terms_accepted: true })) as unknown as { outcome: string };
  expect(paid.outcome).toBe('completed');
  return { ...session, event_id: String(event.id) };
}

let lastStep = 0;

/** Password, then a fresh TOTP code (the code of a step already used is refused: one code, one sign-in). */
export async function signIn(page: Page, base: string, email: string, secret: string) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').waitFor();
  while (stepOf(new Date()) <= lastStep) await page.waitForTimeout(1000);
  const step = (lastStep = stepOf(new Date()));
  await page.getByLabel('Code').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Find an order' }).waitFor();
}

export const SEARCH_LABEL = 'Order number, e-mail, name, phone, scan code or card’s last 4';

/** Find by `q` on the Find screen and open the one order found. */
export async function openOrderFound(page: Page, q: string) {
  await page.getByLabel(SEARCH_LABEL).fill(q);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('table', { name: '1 order' }).getByRole('row').nth(1);
  await row.waitFor();
  await row.getByRole('link').click();
  await page.getByRole('heading', { name: /^Order \d+$/ }).waitFor();
}
