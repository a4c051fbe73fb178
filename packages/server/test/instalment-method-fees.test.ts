import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { insertLedger } from '../src/payments/payments.repository.js';
import { chargeDueInstalments } from '../src/payments/instalments/charge-due-instalments.js';
import { Browser, errorOf } from './auth-harness.js';
import { dialects, jsonContentType, testApp, type TestApp } from './harness.js';
import { FakeStripe } from './fake-stripe.js';
import { CARD_FEE, setMethodFees } from './method-fee-setting.js';
import { bookOnPlan, PLAN_LATER } from './plan-order.js';

/**
 * Later instalments carry the payment method's fee as a checkout payment does (docs/payments.md
 * "Payment-method fees"): the card is charged the part paid plus the fee, the order's balance moves
 * by the part only and its fees by the fee.
 */
describe.each(dialects())('method fees on later instalments on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
    await setMethodFees(t.db, CARD_FEE);
  });
  afterAll(() => t.close());
  const card = (amount: string, number: string = DEMO_CARDS.success, extra: object = {}) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number, ...extra } });
  const orderMoney = (orderId: string) => t.db.selectFrom('ticket_order').select(['paid', 'method_fee', 'instalment_claimed_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const instalmentPayments = (orderId: string) => t.db.selectFrom('payment').select(['amount', 'method_fee', 'status']).where('ticket_order_id', '=', orderId).where('ticket_ids', 'is', null).orderBy('created_at').execute();

  it('a card instalment is charged its fee on top; the order counts the part as paid and the fee as a fee', async () => {
    const owner = new Browser(t.app, `10.9.0.${++ip}`);
    const b = await bookOnPlan(t, owner, card('20.00'));
    // The deposit at checkout: 20.00 + 0.30 + 0.40.
    expect(await orderMoney(b.orderId)).toEqual({ paid: 2000, method_fee: 70, instalment_claimed_at: null });

    const res = await owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'));
    expect(res.body.outcome).toBe('completed');
    expect(await instalmentPayments(b.orderId)).toEqual([{ amount: 2070, method_fee: 70, status: 'succeeded' }]);
    expect(await orderMoney(b.orderId)).toEqual({ paid: 4000, method_fee: 140, instalment_claimed_at: null });
    const order = (await owner.call('GET', `/api/ticket_order/${b.orderId}`)).body.ticket_order._data[0];
    expect(order.ticket_order_fees).toEqual({ total_after_fees_price: '61.40', total_payments: '41.40', total_outstanding: '20.00', total_payment_method_fees: '1.40' });
    // What is left is the balance, never the fee: 20.00 pays the rest.
    expect((await owner.post(`/api/cart/${b.cartId}/pay`, card('20.01'))).status).toBe(400);
    expect((await owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'))).body.outcome).toBe('completed');
    expect(await orderMoney(b.orderId)).toEqual({ paid: 6000, method_fee: 210, instalment_claimed_at: null });
  });

  it('the order read with its plan prices each method\'s fee on what it owes next (what is due now, else the outstanding)', async () => {
    const owner = new Browser(t.app, `10.9.0.${++ip}`);
    const b = await bookOnPlan(t, owner, card('20.00'));
    const withPlan = (await owner.call('GET', `/api/ticket_order/${b.orderId}?_embed=scheduled_payment`)).body.ticket_order._data[0];
    // Nothing due until the next date: priced on the 40.00 outstanding (0.30 + 0.80).
    expect(withPlan.stripeFee).toEqual([{ pmc_id: 'pmc_card_1', payment_method: 'card', amount: '1.10', total: '41.10' }]);
    expect((await owner.call('GET', `/api/ticket_order/${b.orderId}`)).body.ticket_order._data[0].stripeFee).toBeUndefined();
    await owner.post(`/api/cart/${b.cartId}/pay`, card('40.00'));
    expect((await owner.call('GET', `/api/ticket_order/${b.orderId}?_embed=scheduled_payment`)).body.ticket_order._data[0].stripeFee).toBeUndefined();
  });

  it('3-D Secure on an instalment: the retry names the part paid; the fee is charged once with it', async () => {
    const owner = new Browser(t.app, `10.9.0.${++ip}`);
    const b = await bookOnPlan(t, owner, card('20.00'));
    const first = await owner.post(`/api/cart/${b.cartId}/pay`, card('10.00', DEMO_CARDS.requires_action));
    expect([first.status, errorOf(first.body)._code]).toEqual([402, 'intent_requires_action']);
    const intent = (errorOf(first.body)._extra as { payment_intent_id: string }).payment_intent_id;
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/demo/${intent}/confirm`, headers: jsonContentType('POST') })).statusCode).toBe(200);
    // The charged amount (10.50) is not the part paid: refused.
    expect((await owner.post(`/api/cart/${b.cartId}/pay`, card('10.50', '', { payment_intent_id: intent }))).status).toBe(400);
    const done = await owner.post(`/api/cart/${b.cartId}/pay`, card('10.00', '', { payment_intent_id: intent }));
    expect(done.body.outcome).toBe('completed');
    expect(await instalmentPayments(b.orderId)).toEqual([{ amount: 1050, method_fee: 50, status: 'succeeded' }]);
    expect(await orderMoney(b.orderId)).toEqual({ paid: 3000, method_fee: 120, instalment_claimed_at: null });
  });

  it('a gift card pays an instalment without a fee', async () => {
    const owner = new Browser(t.app, `10.9.0.${++ip}`);
    const b = await bookOnPlan(t, owner, card('20.00'));
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const number = `FEEGC${dialect}${ip}`.toUpperCase();
    await insertLedger(t.db, { id: uuidv7(), seller_id: seller.id, ledger_type: 'giftcard', number, state: 'active', balance: 1000, ticket_id: null, created_at: t.clock.now.toISOString() });
    expect((await owner.post(`/api/cart/${b.cartId}/pay`, { amount: '10.00', gateway_id: 'ledger', gateway_data: { number } })).body.outcome).toBe('completed');
    expect(await instalmentPayments(b.orderId)).toEqual([{ amount: 1000, method_fee: 0, status: 'succeeded' }]);
  });
});

describe.each(dialects())('the payment method configuration sent to Stripe on %s (a local fake of Stripe)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: fake.env() });
    await setMethodFees(t.db, CARD_FEE);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  const stripe = (amount: string, extra: object = {}) => ({ amount, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' }, ...extra });
  const createdWith = (before: number) => [...fake.intents.keys()].slice(before).map((id) => fake.createdWith.get(id)!);

  it('the deposit, an instalment and the due-date charge each name pmc_id as payment_method_configuration, charged with the fee', async () => {
    const owner = new Browser(t.app, '10.9.1.1');
    const before = fake.intents.size;
    const b = await bookOnPlan(t, owner, stripe('20.00'), `pmc-${dialect}@example.com`);
    expect((await owner.post(`/api/cart/${b.cartId}/pay`, stripe('5.00', { auto_renew: true }))).body.outcome).toBe('completed');
    await chargeDueInstalments(fake.reconcileDeps(t), new Date(`${PLAN_LATER}T06:00:00Z`));
    const bodies = createdWith(before);
    // 20.00 + 0.70; 5.00 + 0.40; on the due date what was due then (15.00) + 0.60, off-session.
    expect(bodies.map((x) => [x.amount, x.payment_method_configuration, x.off_session ?? null])).toEqual([
      ['2070', 'pmc_card_1', null],
      ['540', 'pmc_card_1', null],
      ['1560', 'pmc_card_1', 'true'],
    ]);
  });

  it('without a fee entry for the method no configuration is named', async () => {
    const clear = await setMethodFees(t.db, [{ pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', fixed: 100, percent: 0 }]);
    try {
      const owner = new Browser(t.app, '10.9.1.2');
      const before = fake.intents.size;
      await bookOnPlan(t, owner, stripe('20.00'));
      expect(createdWith(before).map((x) => [x.amount, x.payment_method_configuration ?? null])).toEqual([['2000', null]]);
    } finally {
      await clear();
      await setMethodFees(t.db, CARD_FEE);
    }
  });
});
