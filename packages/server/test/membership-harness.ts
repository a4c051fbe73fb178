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

interface CardSpec { id: string; sellerId: string; ticketTypeId: string; scanCode: string; validFrom: string; validTo: string; createdAt: string }

/** A member card's row: Ada Lovelace's, alone in its set, of no order and no one's unless `extra` says so. */
export function memberCardRow(c: CardSpec, extra: Record<string, unknown> = {}) {
  return {
    id: c.id, seller_id: c.sellerId, card_set_id: c.id, position: 0, scan_code: c.scanCode, scan_code_key: c.scanCode, role: 'member', ticket_type_id: c.ticketTypeId,
    ticket_group_id: null, ticket_order_id: null, ticket_id: null, user_id: null, identity_id: null, first_name: 'Ada', last_name: 'Lovelace',
    email: null, valid_from: c.validFrom, valid_to: c.validTo, member_event_purchase_limit: null, giver_identity_id: null, giftee_identity_id: null,
    redeem_code_hash: null, redeemed_at: null, created_at: c.createdAt, updated_at: c.createdAt, ...extra,
  };
}

/** A card set straight in the database (one card) for a user: level, term. Answers the card. */
export async function giveMembership(t: TestApp, ids: CatalogIds, user: { id: string; identity_id: string }, level: string, validFrom: string, validTo: string, extra: Record<string, unknown> = {}) {
  const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
  const id = `card-${Math.random().toString(36).slice(2, 12)}`;
  const scanCode = `T${Math.random().toString(36).slice(2, 11).toUpperCase()}`;
  const row = memberCardRow({ id, sellerId: seller.id, ticketTypeId: ids.type(level), scanCode, validFrom, validTo, createdAt: t.clock.now.toISOString() }, { user_id: user.id, identity_id: user.identity_id, ...extra });
  await t.db.insertInto('membership').values(row).execute();
  return row;
}

/** Cards of no one straight in the database, for the scanners (door, check-in): the seller's first ticket type stands as their level. */
export async function insertMemberCards(t: TestApp, cards: { id: string; scanCode: string; validFrom: string; validTo: string }[]) {
  const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
  const type = await t.db.selectFrom('ticket_type').select('id').executeTakeFirstOrThrow();
  await t.db.insertInto('membership').values(cards.map((c) => memberCardRow({ ...c, sellerId: seller.id, ticketTypeId: type.id, createdAt: c.validFrom }))).execute();
}

export const days = (t: TestApp, n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString();
