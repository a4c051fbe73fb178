import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { SEATED_FIXTURE, seatIds } from './seat-harness.js';

const WEBHOOK_SECRET = 'whsec_foyer_test';

/** A payment that completes after its hold expired re-takes its seats, or is refused and refunded (docs/architecture.md#inventory-never-oversell). */
describe.each(dialects())('seats and late payments on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  let seat: (label: string) => string;
  let session: string;
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(() => fake.stop());
  afterEach(() => t.close());

  async function setup() {
    t = await testApp(dialect, { catalog: SEATED_FIXTURE, env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    seat = await seatIds(t.db);
    session = (await t.db.selectFrom('event_session').select('id').orderBy('start_datetime').executeTakeFirstOrThrow()).id;
  }
  const hold = async (labels: string[]) => {
    const c = new CartClient(t.app);
    const res = await c.create(labels.map((l) => ({ ticket_type_id: ids.type('adult'), event_session_id: session, handler_data: { seat_id: seat(l) } })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { c, cartId: res.body.cart._data[0].id as string, outstanding: res.body.cart._data[0].cart_fees.total_outstanding as string };
  };
  const pay = (c: CartClient, cartId: string, amount: string, data: object) =>
    t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount, gateway_id: 'stripe', gateway_data: data }, headers: { cookie: c.cookie! } }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  };
  const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow()).used_capacity;
  const seatHolders = async (label: string) => t.db.selectFrom('ticket').select(['cart_id', 'state']).where('seat_id', '=', seat(label)).where('state', 'in', ['held', 'booked']).execute();

  it('a seat sold to someone else meanwhile: the late payment is refused and refunded, the other buyer keeps the seat', async () => {
    await setup();
    const { c, cartId, outstanding } = await hold(['A1', 'A2']);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    const intent = fake.completeAction(first.body._data[0]._extra.payment_intent_id, true);
    t.clock.advance(31 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    const other = await hold(['A2']);
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(fake.refunds).toContainEqual(expect.objectContaining({ payment_intent: intent.id }));
    expect(await seatHolders('A2')).toEqual([{ cart_id: other.cartId, state: 'held' }]);
    expect(await seatHolders('A1')).toEqual([]);
    expect(await used()).toBe(1);
  });

  it('seats still free: the late payment re-takes them and books them', async () => {
    await setup();
    const { c, cartId, outstanding } = await hold(['A3']);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    fake.completeAction(first.body._data[0]._extra.payment_intent_id, true);
    t.clock.advance(31 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    expect(await seatHolders('A3')).toEqual([]);
    const done = await pay(c, cartId, outstanding, { payment_intent_id: first.body._data[0]._extra.payment_intent_id });
    expect(done.body.outcome).toBe('completed');
    expect(await seatHolders('A3')).toEqual([{ cart_id: cartId, state: 'booked' }]);
    expect(await used()).toBe(1);
  });
});
