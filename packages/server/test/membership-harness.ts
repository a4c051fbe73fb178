import { fileURLToPath } from 'node:url';
import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { Browser, PASSWORD } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { testApp, type TestApp } from './harness.js';

export const MEMBERSHIP_FIXTURE = fileURLToPath(new URL('./fixtures/membership-catalog.json', import.meta.url));
/** General Admission sessions of the fixture (10:00 and 11:00 New York on 2026-06-07; one after a year's term). */
export const GA_10 = '2026-06-07T14:00:00.000Z';
export const GA_11 = '2026-06-07T15:00:00.000Z';
export const GA_NEXT_YEAR = '2027-08-01T14:00:00.000Z';
export const PREVIEW = '2026-06-10T22:00:00.000Z';

/** A fresh app with the membership fixture for the describe block it is called in. */
export function useMembershipApp(dialect: Dialect, ready: (t: TestApp, ids: CatalogIds) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE });
    ready(t, await catalogIds(t.db));
  });
  afterAll(() => t.close());
}

let counter = 0;
/** A registered, logged-in visitor (a browser with the session cookie). */
export async function registered(t: TestApp, name = 'Ada') {
  const b = new Browser(t.app, `10.7.${Math.floor(counter / 200)}.${(counter % 200) + 1}`);
  const email = `${name.toLowerCase()}${++counter}@example.org`;
  const res = await b.post('/api/user', { first_name: name, last_name: 'Lovelace', email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { b, email, user: res.body.user._data[0] as { id: string; identity_id: string } };
}

export const dualMembers = (email: string) => [
  { role: 'member', first_name: 'Ada', last_name: 'Lovelace', email },
  { role: 'second-card', first_name: 'Charles', last_name: 'Babbage' },
];

/** Reserve a membership level with its members, check out as the logged-in member, pay by test card. */
export async function buyMembership(b: Browser, ids: CatalogIds, level: string, handlerData: Record<string, unknown>, amount: string) {
  const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type(level), handler_data: handlerData }] });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const cartId = cart.body.cart._data[0].id as string;
  expect((await b.post(`/api/my/cart/${cartId}/checkout`, {})).status).toBe(200);
  const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
  expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
  return { cartId, order: paid.body.ticket_order._data[0] as { id: string; order_number: string } };
}
