import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, jsonContentType, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z'; // adult 20.00, capacity 100

/**
 * The pay call charges the payment method's fee on top of the part paid (docs/payments.md
 * "Payment-method fees"): the gateway takes both, the balance only the part, and the cart and the
 * order record the fees paid.
 */
describe.each(dialects())('payment-method fees charged on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  // Card: 0.30 + 2 %; a Direct Debit fee that a card payment never pays.
  const FEES = [
    { pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 30, percent: 2 },
    { pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', fixed: 100, percent: 0 },
  ];
  async function setFees(fees: unknown) {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.deleteFrom('config_entry').where('namespace', '=', 'payments').where('name', '=', 'payment_method_fees').execute();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'payment_method_fees', value: JSON.stringify(fees) }).execute();
  }
  const pay = (c: CartClient, cartId: string, body: object) =>
    c.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: body, headers: { cookie: c.cookie! } }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const card = (amount: string, number: string = DEMO_CARDS.success, extra: object = {}) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number, ...extra } });
  async function cartOf(n: number) {
    const c = new CartClient(t.app);
    const res = await c.create(Array.from({ length: n }, () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) })));
    return { c, cartId: res.body.cart._data[0].id as string };
  }
  const paymentsOf = (cartId: string) => t.db.selectFrom('payment').select(['amount', 'method_fee', 'status']).where('cart_id', '=', cartId).orderBy('created_at').execute();

  it('a card pays what is due plus the card fee; the order records the fee', async () => {
    await setFees(FEES);
    const { c, cartId } = await cartOf(1);
    const before = (await c.call('GET', `/api/cart/${cartId}`)).body.cart._data[0];
    expect(before.paymentDue).toBe('20.00');
    expect(before.paymentDueByCreditCard).toBe('20.70');

    const res = await pay(c, cartId, card('20.00'));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('completed');
    expect(await paymentsOf(cartId)).toEqual([{ amount: 2070, method_fee: 70, status: 'succeeded' }]);
    const order = res.body.ticket_order._data[0];
    expect(order.ticket_order_fees).toEqual({ total_after_fees_price: '20.70', total_payments: '20.70', total_outstanding: '0.00', total_payment_method_fees: '0.70' });
    const read = await c.call('GET', `/api/ticket_order/${order.id}`);
    expect(read.body.ticket_order._data[0].ticket_order_fees.total_payment_method_fees).toBe('0.70');
    expect(res.body.cart._data[0].cart_fees).toMatchObject({ total_payments: '20.00', total_outstanding: '0.00', total_payment_method_fees: '0.70' });
  });

  it('a part paid by card after 3-D Secure: the fee on that part, the balance down by the part only', async () => {
    await setFees(FEES);
    const { c, cartId } = await cartOf(2);
    const first = await pay(c, cartId, card('5.00', DEMO_CARDS.requires_action));
    expect(first.status).toBe(402);
    const intent = first.body._data[0]._extra.payment_intent_id;
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/demo/${intent}/confirm`, headers: jsonContentType('POST') })).statusCode).toBe(200);
    // The retry names the part paid, as the first call did (the intent carries the fee).
    const done = await pay(c, cartId, card('5.00', '', { payment_intent_id: intent }));
    expect(done.status).toBe(200);
    expect(done.body.outcome).toBe('partial');
    expect(await paymentsOf(cartId)).toEqual([{ amount: 540, method_fee: 40, status: 'succeeded' }]);
    const cart = (await c.call('GET', `/api/cart/${cartId}`)).body.cart._data[0];
    expect(cart.cart_fees).toMatchObject({ total_payments: '5.00', total_outstanding: '35.00', total_payment_method_fees: '0.40' });
    expect(cart.paymentDueByCreditCard).toBe('36.00');

    // The rest by card: the order has both fees, its price both fees more than the tickets.
    const rest = await pay(c, cartId, card('35.00'));
    expect(rest.body.outcome).toBe('completed');
    expect(rest.body.ticket_order._data[0].ticket_order_fees).toEqual({ total_after_fees_price: '41.40', total_payments: '41.40', total_outstanding: '0.00', total_payment_method_fees: '1.40' });
  });

  it('the card limits apply to what the card is charged, fee included', async () => {
    await setFees([{ pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 0, percent: 100 }]);
    const { c, cartId } = await cartOf(1);
    // 0.40 alone is under the 0.50 card minimum; with its 100 % fee the card is charged 0.80.
    const res = await pay(c, cartId, card('0.40'));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('partial');
    expect(await paymentsOf(cartId)).toEqual([{ amount: 80, method_fee: 40, status: 'succeeded' }]);
  });

  it('without the setting a card is charged exactly the amount', async () => {
    await t.db.deleteFrom('config_entry').where('namespace', '=', 'payments').where('name', '=', 'payment_method_fees').execute();
    const { c, cartId } = await cartOf(1);
    expect((await pay(c, cartId, card('20.00'))).body.outcome).toBe('completed');
    expect(await paymentsOf(cartId)).toEqual([{ amount: 2000, method_fee: 0, status: 'succeeded' }]);
  });
});
