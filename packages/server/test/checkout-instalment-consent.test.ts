import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDueInstalments } from '../src/payments/instalments/charge-due-instalments.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { Browser } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { FakeStripe } from './fake-stripe.js';
import { bookOnPlan, planCartOf, PLAN_LATER } from './plan-order.js';

/**
 * Instalment consent at checkout (docs/payments.md "Later instalments"): the deposit of a payment
 * plan paid by card with `auto_renew: true` keeps the card and records the consent on the order, so
 * the due-date job charges it; without consent nothing is kept and the instalments are paid by link.
 */
describe.each(dialects())('instalment consent at checkout on %s', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  const card = (amount: string, extra: object = {}) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, ...extra });
  const buyer = () => ({ owner: new Browser(t.app, `10.9.2.${++n}`), email: `consent${n}-${dialect}@example.com` });
  const orderOf = (orderId: string) => t.db.selectFrom('ticket_order').select(['paid', 'instalment_autopay_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const keptCards = (email: string) => t.db.selectFrom('saved_payment_method').innerJoin('user_account', 'user_account.identity_id', 'saved_payment_method.identity_id').select('saved_payment_method.last4').where('user_account.email', '=', email).execute();
  const deps = async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    return { db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example', gatewaysFor: () => gatewaysFor(t.db, seller.id, null) };
  };

  it('with consent the deposit keeps the card, the order records it, and the due date charges the kept card once', async () => {
    const { owner, email } = buyer();
    const b = await bookOnPlan(t, owner, card('20.00', { auto_renew: true }), email);
    expect(await orderOf(b.orderId)).toEqual({ paid: 2000, instalment_autopay_at: t.clock.now.toISOString() });
    expect(await keptCards(email)).toEqual([{ last4: '4242' }]);
    const onTheDay = new Date(`${PLAN_LATER}T06:00:00Z`);
    await Promise.all([chargeDueInstalments(await deps(), onTheDay), chargeDueInstalments(await deps(), onTheDay)]);
    expect((await orderOf(b.orderId)).paid).toBe(4000);
  });

  it('without consent nothing is kept or recorded, and the due date charges nothing', async () => {
    const { owner, email } = buyer();
    const b = await bookOnPlan(t, owner, card('20.00'), email);
    expect(await orderOf(b.orderId)).toEqual({ paid: 2000, instalment_autopay_at: null });
    expect(await keptCards(email)).toEqual([]);
    await chargeDueInstalments(await deps(), new Date(`${PLAN_LATER}T06:00:00Z`));
    expect((await orderOf(b.orderId)).paid).toBe(2000);
  });

  it('consent with nothing left for later (the whole plan paid now) keeps nothing and records nothing', async () => {
    const { owner, email } = buyer();
    const b = await bookOnPlan(t, owner, card('60.00', { auto_renew: true }), email);
    expect(await orderOf(b.orderId)).toEqual({ paid: 6000, instalment_autopay_at: null });
    expect(await keptCards(email)).toEqual([]);
  });

  it('a declined deposit with consent records none; paid again without consent, the order has none', async () => {
    const { owner, email } = buyer();
    const cartId = await planCartOf(t, owner, email);
    const declined = await owner.post(`/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.card_declined }, auto_renew: true });
    expect(declined.status).toBe(402);
    expect((await t.db.selectFrom('cart').select('instalment_autopay_at').where('id', '=', cartId).executeTakeFirstOrThrow()).instalment_autopay_at).toBeNull();
    const paid = await owner.post(`/api/cart/${cartId}/pay`, card('20.00'));
    expect(await orderOf(paid.body.ticket_order._data[0].id)).toEqual({ paid: 2000, instalment_autopay_at: null });
    expect(await keptCards(email)).toEqual([]);
  });
});

describe.each(dialects())('instalment consent at checkout through Stripe on %s (a local fake of Stripe)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: fake.env() });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  const stripe = (amount: string, extra: object = {}) => ({ amount, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' }, ...extra });

  it('the deposit with consent is saved for off-session use on a Customer; without consent it is not', async () => {
    const before = fake.intents.size;
    const email = `stripe-consent-${dialect}@example.com`;
    const consenting = await bookOnPlan(t, new Browser(t.app, '10.9.3.1'), stripe('20.00', { auto_renew: true }), email);
    await bookOnPlan(t, new Browser(t.app, '10.9.3.2'), stripe('20.00'), `stripe-silent-${dialect}@example.com`);
    const created = [...fake.intents.values()].slice(before);
    const customer = fake.customers.find((c) => c.email === email)!;
    expect(created.map((i) => [i.setup_future_usage, i.customer])).toEqual([
      ['off_session', customer.id],
      [null, null],
    ]);
    const order = await t.db.selectFrom('ticket_order').select('instalment_autopay_at').where('id', '=', consenting.orderId).executeTakeFirstOrThrow();
    expect(order.instalment_autopay_at).not.toBeNull();
    await chargeDueInstalments(fake.reconcileDeps(t), new Date(`${PLAN_LATER}T06:00:00Z`));
    const offSession = [...fake.intents.values()].slice(before).filter((i) => i.off_session);
    expect(offSession.map((i) => [i.amount, i.customer, i.status])).toEqual([[2000, customer.id, 'succeeded']]);
  });
});
