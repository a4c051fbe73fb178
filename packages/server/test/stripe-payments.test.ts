import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { reconcileCheckouts } from '../src/payments/reconcile-checkouts.js';
import { readSettings } from '../src/settings.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z'; // capacity 10
const GA_0605_18 = '2026-06-05T22:00:00.000Z';

describe.each(dialects())('Stripe payments on %s (against a local fake of Stripe)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  afterEach(() => t.close());

  async function setup() {
    fake.loseAnswers = false;
    t = await testApp(dialect, { env: fake.env() });
    ids = await catalogIds(t.db);
  }
  const line = (start = GA_0604_18) => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', start) });
  async function cartWith(n: number, start = GA_0604_18) {
    const c = new CartClient(t.app);
    const res = await c.create(Array.from({ length: n }, () => line(start)));
    expect(res.status).toBe(200);
    const cart = res.body.cart._data[0];
    return { c, cartId: cart.id as string, outstanding: cart.cart_fees.total_outstanding as string };
  }
  const pay = (c: CartClient, cartId: string, amount: string, data: object, key?: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount, gateway_id: 'stripe', gateway_data: data }, headers: { cookie: c.cookie!, ...(key ? { 'idempotency-key': key } : {}) } })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const deliver = (event: object, signature?: string) => fake.deliver(t.app, event, signature);
  const orders = async (cartId: string) => (await t.db.selectFrom('ticket_order').select('id').where('cart_id', '=', cartId).execute()).length;
  const cartState = async (cartId: string) => (await t.db.selectFrom('cart').select('state').where('id', '=', cartId).executeTakeFirstOrThrow()).state;
  const used = async (start: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('ga', start)).executeTakeFirstOrThrow()).used_capacity;

  it('the storefront is told Stripe takes the cards, with the publishable key; test cards are refused', async () => {
    await setup();
    const config = await getJson(t.app, '/api/config');
    const entries = config.body.config._data as { namespace: string; name: string; value: unknown }[];
    expect(entries.find((e) => e.namespace === 'payments' && e.name === 'card_gateway')?.value).toBe('stripe');
    expect(entries.find((e) => e.name === 'stripe_publishable_key')?.value).toBe('pk_test_foyer');
    const { c, cartId, outstanding } = await cartWith(1);
    const demo = await t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount: outstanding, gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } }, headers: { cookie: c.cookie! } });
    expect(demo.statusCode).toBe(400);
    expect(JSON.parse(demo.body)._data[0]._code).toBe('payment_not_supported');
  });

  it('a card payment creates one PaymentIntent with the idempotency key and books the order; the same key again charges nothing more', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(2);
    const before = fake.intents.size;
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' }, `k-${cartId}`);
    expect(first.status).toBe(200);
    expect(first.body.outcome).toBe('completed');
    const again = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' }, `k-${cartId}`);
    expect(again.body.ticket_order._data[0].id).toBe(first.body.ticket_order._data[0].id);
    expect(fake.intents.size).toBe(before + 1);
    const intent = [...fake.intents.values()].at(-1)!;
    expect([intent.amount, intent.currency, intent.status]).toEqual([Math.round(Number(outstanding) * 100), 'usd', 'succeeded']);
    const payment = await t.db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    expect([payment.gateway_id, payment.status, payment.reference]).toEqual(['stripe', 'succeeded', intent.id]);
    expect(intent.metadata.payment_id).toBe(payment.id);
    // The card's last 4, as Stripe's payment method says, for the box office's Find (docs/box-office.md).
    expect(payment.card_last4).toBe('4242');
    // Stripe's own event for it afterwards changes nothing.
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await orders(cartId)).toBe(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
    ['pm_card_chargeDeclinedIncorrectZip', 'incorrect_zip'],
  ])('%s is refused with %s and the cart stays payable', async (method, code) => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    const res = await pay(c, cartId, outstanding, { payment_method_id: method });
    expect(res.status).toBe(402);
    expect(res.body._data[0]._code).toBe(code);
    expect(await cartState(cartId)).toBe('pending');
    expect((await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' })).body.outcome).toBe('completed');
  });

  it('3-D Secure: 402 intent_requires_action with the client secret, the buyer confirms with Stripe, the retried pay completes', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    expect(first.status).toBe(402);
    const extra = first.body._data[0]._extra;
    expect(first.body._data[0]._code).toBe('intent_requires_action');
    const intent = fake.intents.get(extra.payment_intent_id)!;
    expect(extra.payment_intent_client_secret).toBe(intent.client_secret);
    // Retrying before the buyer confirmed asks again.
    const early = await pay(c, cartId, outstanding, { payment_intent_id: intent.id });
    expect(early.body._data[0]._code).toBe('intent_requires_action');
    fake.completeAction(intent.id, true);
    const done = await pay(c, cartId, outstanding, { payment_intent_id: intent.id });
    expect(done.body.outcome).toBe('completed');
    expect(await orders(cartId)).toBe(1);
  });

  it('a failed 3-D Secure challenge refuses the payment', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    const intent = fake.completeAction(first.body._data[0]._extra.payment_intent_id, false);
    const res = await pay(c, cartId, outstanding, { payment_intent_id: intent.id });
    expect(res.status).toBe(402);
    expect(res.body._data[0]._code).toBe('card_declined');
    expect(await cartState(cartId)).toBe('pending');
  });

  it('the webhook is the source of truth: a success the browser never reported books the order, once; a bad signature is refused', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    const intent = fake.completeAction(first.body._data[0]._extra.payment_intent_id, true);
    const event = fake.event('payment_intent.succeeded', intent);
    const forged = await deliver(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body)._data[0]._code).toBe('validation_failed');
    expect(await orders(cartId)).toBe(0);
    const results = await Promise.all([deliver(event), deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await orders(cartId)).toBe(1);
    expect(await cartState(cartId)).toBe('booked');
    // The tab comes back and retries: told it is done.
    expect((await pay(c, cartId, outstanding, { payment_intent_id: intent.id })).body.outcome).toBe('completed');
  });

  it('a debit still clearing is pending; its success event completes the order', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    const res = await pay(c, cartId, outstanding, { payment_method_id: 'pm_debit_processing' });
    expect(res.body.outcome).toBe('pending');
    expect(await cartState(cartId)).toBe('checkout');
    const intent = [...fake.intents.values()].at(-1)!;
    intent.status = 'succeeded';
    await deliver(fake.event('payment_intent.succeeded', intent));
    expect(await cartState(cartId)).toBe('booked');
  });

  it('a payment that succeeds after the hold expired and the seats were sold is refused and refunded through Stripe', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(3);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    const intent = fake.completeAction(first.body._data[0]._extra.payment_intent_id, true);
    t.clock.advance(31 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    expect(await used(GA_0604_18)).toBe(0);
    const other = await cartWith(8); // 2 of the 10 left
    expect(await used(GA_0604_18)).toBe(8);
    const refundsBefore = fake.refunds.length;
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await orders(cartId)).toBe(0);
    expect(await used(GA_0604_18)).toBe(8);
    expect(fake.refunds.slice(refundsBefore)).toEqual([expect.objectContaining({ payment_intent: intent.id, amount: intent.amount })]);
    const payment = await t.db.selectFrom('payment').select('status').where('reference', '=', intent.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    // The tab retries: told the cart timed out and the money was given back.
    const retry = await pay(c, cartId, outstanding, { payment_intent_id: intent.id });
    expect(retry.status).toBe(410);
    expect(retry.body._data[0]._description).toContain('refunded');
    expect(other.cartId).not.toBe(cartId);
  });

  it('a payment that succeeds after the hold expired re-takes the seats when they are still free and books them', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(2, GA_0605_18);
    const first = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_authenticationRequired' });
    fake.completeAction(first.body._data[0]._extra.payment_intent_id, true);
    t.clock.advance(31 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    expect(await used(GA_0605_18)).toBe(0);
    const done = await pay(c, cartId, outstanding, { payment_intent_id: first.body._data[0]._extra.payment_intent_id });
    expect(done.body.outcome).toBe('completed');
    expect(await used(GA_0605_18)).toBe(2);
    const tickets = await t.db.selectFrom('ticket').select('state').where('cart_id', '=', cartId).execute();
    expect(tickets.map((x) => x.state)).toEqual(['booked', 'booked']);
  });

  it('the reconciler finishes a cart left in checkout when the answer was lost, and releases one the provider never saw', async () => {
    await setup();
    const { c, cartId, outstanding } = await cartWith(1);
    fake.loseAnswers = true;
    const lost = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' });
    expect(lost.status).toBe(409);
    expect(lost.body._data[0]._code).toBe('intent_processing');
    expect(await cartState(cartId)).toBe('checkout');
    fake.loseAnswers = false;

    // A demo-style interruption: claimed, never charged (no intent carries its id).
    const second = await cartWith(1, GA_0605_18);
    await t.db.updateTable('cart').set({ state: 'checkout', updated_at: t.clock.now.toISOString() }).where('id', '=', second.cartId).execute();
    await t.db
      .insertInto('payment')
      .values({ id: `p-${second.cartId}`, seller_id: (await t.db.selectFrom('cart').select('seller_id').where('id', '=', second.cartId).executeTakeFirstOrThrow()).seller_id, cart_id: second.cartId, ticket_order_id: null, gateway_id: 'stripe', amount: 2000, status: 'processing', idempotency_key: null, reference: null, error_code: null, created_at: t.clock.now.toISOString() })
      .execute();

    const deps = fake.reconcileDeps(t);
    expect((await reconcileCheckouts(deps, t.clock.now)).carts).toBe(0); // too recent to be stuck
    t.clock.advance(3 * 60_000);
    const round = await reconcileCheckouts(deps, t.clock.now);
    expect(round).toMatchObject({ carts: 2, settled: 2 });
    expect(await cartState(cartId)).toBe('booked');
    expect(await orders(cartId)).toBe(1);
    expect(await cartState(second.cartId)).toBe('pending');
    const p = await t.db.selectFrom('payment').select('status').where('id', '=', `p-${second.cartId}`).executeTakeFirstOrThrow();
    expect(p.status).toBe('failed');
    expect((await reconcileCheckouts(deps, t.clock.now)).carts).toBe(0);
  });
});

describe('Stripe settings', () => {
  it('needs the publishable key and webhook secret with the secret key, and keys of one mode', () => {
    expect(readSettings({}).stripe).toBeNull();
    expect(() => readSettings({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(() => readSettings({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/both be test or both be live/);
    expect(() => readSettings({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/need STRIPE_SECRET_KEY/);
    expect(readSettings({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiUrl: null, accountId: null, timeoutMs: 20_000 });
  });

  it('takes the time a call to Stripe may take from STRIPE_TIMEOUT_MS (100–120000 ms)', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(readSettings({ ...keys, STRIPE_TIMEOUT_MS: '5000' }).stripe?.timeoutMs).toBe(5000);
    expect(() => readSettings({ ...keys, STRIPE_TIMEOUT_MS: '50' })).toThrow(/STRIPE_TIMEOUT_MS must be a whole number of milliseconds 100–120000, got "50"/);
    expect(() => readSettings({ ...keys, STRIPE_TIMEOUT_MS: '2s' })).toThrow(/STRIPE_TIMEOUT_MS/);
  });
});

