import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileCheckouts } from '../packages/server/src/payments/reconcile-checkouts.js';
import { CartClient, catalogIds, type CatalogIds } from '../packages/server/test/cart-client.js';
import { FakeStripe } from '../packages/server/test/fake-stripe.js';
import { testApp, type TestApp } from '../packages/server/test/harness.js';
import { faultDialects, report } from './server-process.js';

const HOT = '2026-06-07T14:00:00.000Z';

describe.each(faultDialects())('payment gateway faults against the local fake Stripe (%s)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    await fake.start();
    // Calls to Stripe time out after 1 s here (20 s by default), so a slow answer is lost quickly.
    t = await testApp(dialect, { env: { ...fake.env(), STRIPE_TIMEOUT_MS: '1000' } });
    ids = await catalogIds(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function cart() {
    const c = new CartClient(t.app);
    const res = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    const cart = res.body.cart._data[0];
    return { c, cartId: cart.id as string, amount: cart.cart_fees.total_outstanding as string };
  }
  const pay = (c: CartClient, cartId: string, amount: string) => c.call('POST', `/api/cart/${cartId}/pay`, { amount, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } });
  /** Charges Stripe holds for a cart (succeeded intents of any of its payments), its orders, its state. */
  async function ledgerOf(cartId: string) {
    const payments = await t.db.selectFrom('payment').select(['id', 'status']).where('cart_id', '=', cartId).execute();
    const charged = payments.reduce((n, p) => n + fake.chargesFor(p.id), 0);
    const refunded = fake.refunds.filter((r) => payments.some((p) => fake.intents.get(r.payment_intent)?.metadata.payment_id === p.id)).length;
    const orders = (await t.db.selectFrom('ticket_order').select('id').where('cart_id', '=', cartId).execute()).length;
    const state = (await t.db.selectFrom('cart').select('state').where('id', '=', cartId).executeTakeFirstOrThrow()).state;
    return { charged, refunded, orders, state, payments: payments.map((p) => p.status).sort() };
  }
  const reconcile = async () => {
    t.clock.advance(3 * 60_000);
    return reconcileCheckouts(fake.reconcileDeps(t), t.clock.now);
  };
  const deliver = (event: object) => fake.deliver(t.app, event);

  it('500s, timeouts, dropped connections after charging, duplicate and out-of-order webhooks: never charged twice, booked exactly once', async () => {
    const results: Record<string, unknown> = {};

    // 1. One 500 before charging: the SDK retries with the same idempotency key; one charge, booked.
    const a = await cart();
    fake.createFaults = { kind: 'error500', count: 1 };
    const paidA = await pay(a.c, a.cartId, a.amount);
    results['500 once: answer, cart'] = [paidA.status, await ledgerOf(a.cartId)];
    expect(paidA.status).toBe(200);
    expect(await ledgerOf(a.cartId)).toMatchObject({ charged: 1, orders: 1, state: 'booked' });

    // 2. Stripe answers 500 to every try: the buyer is told (a payment error), nothing is charged, and the cart can be paid again.
    const b = await cart();
    fake.createFaults = { kind: 'error500', count: 100 };
    const failedB = await pay(b.c, b.cartId, b.amount);
    fake.createFaults = null;
    const afterB = await ledgerOf(b.cartId);
    await reconcile();
    const retryB = await pay(b.c, b.cartId, b.amount);
    results['500 always: answer, code, then after the reconciler a second pay'] = [failedB.status, failedB.body?._data?.[0]?._code, afterB, retryB.status, await ledgerOf(b.cartId)];
    expect(failedB.status).toBeGreaterThanOrEqual(400);
    expect(failedB.status).toBeLessThan(500);
    expect(afterB.charged).toBe(0);
    expect(retryB.status).toBe(200);
    expect(await ledgerOf(b.cartId)).toMatchObject({ charged: 1, orders: 1, state: 'booked' });

    // 3. Charged, then the connection dropped once: the retry with the same key gets Stripe's kept answer; one charge.
    const c = await cart();
    fake.createFaults = { kind: 'drop', count: 1 };
    const paidC = await pay(c.c, c.cartId, c.amount);
    results['dropped once after charging: answer, cart'] = [paidC.status, await ledgerOf(c.cartId)];
    expect(paidC.status).toBe(200);
    expect(await ledgerOf(c.cartId)).toMatchObject({ charged: 1, orders: 1, state: 'booked' });

    // 4. Charged, then every answer lost: the buyer hears it is processing; the reconciler books it, once.
    const d = await cart();
    fake.createFaults = { kind: 'drop', count: 100 };
    const lostD = await pay(d.c, d.cartId, d.amount);
    fake.createFaults = null;
    const beforeReconcile = await ledgerOf(d.cartId);
    const rounds = [await reconcile(), await reconcile()];
    const afterD = await ledgerOf(d.cartId);
    results['dropped always after charging: answer, before and after two reconciler rounds'] = [lostD.status, lostD.body?._data?.[0]?._code, beforeReconcile, rounds, afterD];
    expect(lostD.status).toBe(409);
    expect(lostD.body._data[0]._code).toBe('intent_processing');
    expect(beforeReconcile).toMatchObject({ charged: 1, orders: 0, state: 'checkout' });
    expect(afterD).toMatchObject({ charged: 1, orders: 1, state: 'booked', refunded: 0 });

    // 5. Its webhooks, late (after the reconciler), twice, and an older failure out of order: nothing changes.
    const paymentD = await t.db.selectFrom('payment').select('id').where('cart_id', '=', d.cartId).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    const intent = [...fake.intents.values()].find((i) => i.metadata.payment_id === paymentD.id)!;
    const succeeded = fake.event('payment_intent.succeeded', intent);
    const failed = fake.event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } });
    const deliveries = [await deliver(succeeded), await deliver(succeeded), await deliver(failed), await deliver(succeeded)].map((r) => r.statusCode);
    const afterWebhooks = await ledgerOf(d.cartId);
    const tickets = await t.db.selectFrom('ticket').select('state').where('cart_id', '=', d.cartId).execute();
    results['webhooks late, twice, out of order: answers, cart after'] = [deliveries, afterWebhooks, tickets.map((x) => x.state)];
    expect(deliveries.every((s) => s === 200)).toBe(true);
    expect(afterWebhooks).toEqual(afterD);
    expect(tickets.map((x) => x.state)).toEqual(['booked']);

    // 6. Stripe charges but answers only after the client's timeout, every try: like a lost answer — processing, then the reconciler books it, once.
    const e = await cart();
    fake.createFaults = { kind: 'slow', count: 100 };
    const startedE = Date.now();
    const slowE = await pay(e.c, e.cartId, e.amount);
    const tookE = Date.now() - startedE;
    fake.createFaults = null;
    const beforeReconcileE = await ledgerOf(e.cartId);
    await reconcile();
    const afterE = await ledgerOf(e.cartId);
    results['timed out (answers after 1.5 s, timeout 1 s): answer, ms, before and after the reconciler'] = [slowE.status, slowE.body?._data?.[0]?._code, tookE, beforeReconcileE, afterE];
    expect(slowE.status).toBe(409);
    expect(slowE.body._data[0]._code).toBe('intent_processing');
    expect(beforeReconcileE).toMatchObject({ charged: 1, orders: 0, state: 'checkout' });
    expect(afterE).toMatchObject({ charged: 1, orders: 1, state: 'booked', refunded: 0 });

    // Invariant over the whole run: no cart charged twice, none booked twice.
    for (const x of [a, b, c, d, e]) {
      const l = await ledgerOf(x.cartId);
      expect(l.charged - l.refunded).toBe(1);
      expect(l.orders).toBe(1);
    }
    report(`payment gateway faults (${dialect})`, { injected: 'fake Stripe: 500 once, 500 always, connection dropped after charging once and always, answers after the timeout; webhooks duplicated, late, out of order', ...results });
  });
});
