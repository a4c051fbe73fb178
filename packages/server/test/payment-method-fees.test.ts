import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, catalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

/**
 * docs/payments.md#paying cart: paymentDueByCreditCard and stripeFee (pmc_id), priced by the one cart-amount
 * computation from the seller's payments.payment_method_fees (docs/payments.md "Payment-method fees").
 */
describe.each(dialects())('payment-method fees on the cart on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  async function cartWith(fees: unknown) {
    t = await testApp(dialect);
    const ids = await catalogIds(t.db);
    if (fees !== undefined) {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'payment_method_fees', value: JSON.stringify(fees) }).execute();
    }
    const c = new CartClient(t.app);
    const res = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }]);
    expect(res.status).toBe(200);
    const created = res.body.cart._data[0];
    const got = await c.call('GET', `/api/cart/${created.id}`);
    expect(got.status).toBe(200);
    return got.body.cart._data[0];
  }
  const minor = (m: string) => Math.round(Number(m) * 100);

  it('each configured method answers its fee on what is due; by card adds the card fee', async () => {
    const cart = await cartWith([
      { pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 20, percent: 1.5 },
      { pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', fixed: 0, percent: 1 },
      { pmc_id: '', payment_method: 'card', fixed: 999 },
    ]);
    const due = minor(cart.paymentDue);
    expect(due).toBeGreaterThan(0);
    const cardFee = 20 + Math.round((due * 1.5) / 100);
    expect(cart.stripeFee).toEqual([
      { pmc_id: 'pmc_card_1', payment_method: 'card', amount: (cardFee / 100).toFixed(2), total: ((due + cardFee) / 100).toFixed(2) },
      { pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', amount: (Math.round(due / 100) / 100).toFixed(2), total: ((due + Math.round(due / 100)) / 100).toFixed(2) },
    ]);
    expect(minor(cart.paymentDueByCreditCard)).toBe(due + cardFee);
  });

  it('without the entry there are no fees and paying by card costs what is due', async () => {
    const cart = await cartWith(undefined);
    expect(cart.stripeFee).toEqual([]);
    expect(cart.paymentDueByCreditCard).toBe(cart.paymentDue);
    // Both fields are in the published cart schema.
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(spec).toContain('paymentDueByCreditCard');
    expect(spec).toContain('pmc_id');
  });
});
