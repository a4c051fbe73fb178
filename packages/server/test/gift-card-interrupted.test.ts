import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import type { ChargeResult, PaymentGateway } from '../src/payments/gateway.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { payCart } from '../src/checkout/pay-cart.js';
import { reconcileCheckouts, STUCK_AFTER_MS } from '../src/payments/reconcile-checkouts.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

describe.each(dialects())('a gift-card payment cut off mid-way on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const pay = (c: CartClient, cartId: string, body: object) => c.call('POST', `/api/cart/${cartId}/pay`, body);
  const balance = async (number: string) => (await t.db.selectFrom('ledger').select('balance').where('number', '=', number).executeTakeFirstOrThrow()).balance;

  async function giftCard(): Promise<string> {
    const c = new CartClient(t.app);
    const cart = await c.create([{ ticket_type_id: ids.type('gift25') }]);
    const done = await pay(c, cart.body.cart._data[0].id, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    return (await t.db.selectFrom('ledger').select('number').where('ticket_id', '=', done.body.ticket._data[0].id).executeTakeFirstOrThrow()).number;
  }

  /** The pay use case with the real gateways, except that the gift card's answer is lost after it debited. */
  async function payCutOff(c: CartClient, cartId: string, number: string) {
    const seller = await t.db.selectFrom('seller').select(['id', 'currency']).executeTakeFirstOrThrow();
    const real = gatewaysFor(t.db, seller.id, null);
    const ledger: PaymentGateway = { ...real.ledger, charge: async (r): Promise<ChargeResult> => (await real.ledger.charge(r), { status: 'unknown' }) };
    const identity = { id: (await c.call('GET', `/api/cart/${cartId}`)).body.cart._data[0].identity_id, kind: 'public' as const };
    return payCart({
      db: t.db, dialect: t.dialect, sellerId: seller.id, currency: seller.currency, identity, cartId, idempotencyKey: null, now: t.clock.now, publicUrl: 'http://x',
      body: { amount: '20.00', gateway_id: 'ledger', gateway_data: { number } },
      gateways: { ...real, ledger },
    }).catch((e: unknown) => e);
  }

  it('the reconciler gives the balance back when no order was made, and the cart can be paid again', async () => {
    const number = await giftCard();
    const c = new CartClient(t.app);
    const cartId = (await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }])).body.cart._data[0].id; // 20.00
    const cut = await payCutOff(c, cartId, number);
    expect(cut).toMatchObject({ status: 409, code: 'intent_processing' });
    expect(await balance(number)).toBe(500); // 25.00 - 20.00, held by a payment nobody finished
    expect((await t.db.selectFrom('cart').select('state').where('id', '=', cartId).executeTakeFirstOrThrow()).state).toBe('checkout');

    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const deps = { db: t.db, dialect: t.dialect, publicUrl: 'http://x', gatewaysFor: () => gatewaysFor(t.db, seller.id, null) };
    t.clock.advance(STUCK_AFTER_MS + 1000);
    const round = await reconcileCheckouts(deps, t.clock.now);
    expect(round.settled).toBeGreaterThanOrEqual(1);
    expect(await balance(number)).toBe(2500);
    const payment = await t.db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'refunded', ticket_order_id: null });
    const cart = (await c.call('GET', `/api/cart/${cartId}`)).body.cart._data[0];
    expect(cart).toMatchObject({ state: 'pending', ticket_order_id: null });
    expect(cart.cart_fees.total_payments).toBe('0.00');
    // A second round does not give it back twice.
    await reconcileCheckouts(deps, t.clock.now);
    expect(await balance(number)).toBe(2500);
    // And the card pays for real now.
    expect((await pay(c, cartId, { amount: '20.00', gateway_id: 'ledger', gateway_data: { number } })).body.outcome).toBe('completed');
    expect(await balance(number)).toBe(500);
  });

  it('a gift-card payment that never debited is simply failed by the reconciler', async () => {
    const c = new CartClient(t.app);
    const cartId = (await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }])).body.cart._data[0].id;
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    // Claimed, then the process died before charging: an open payment without a reference.
    await t.db.updateTable('cart').set({ state: 'checkout', updated_at: t.clock.now.toISOString() }).where('id', '=', cartId).execute();
    await t.db.insertInto('payment').values({ id: `p-${cartId}`, seller_id: seller.id, cart_id: cartId, ticket_order_id: null, gateway_id: 'ledger', amount: 2000, status: 'processing', idempotency_key: null, reference: null, error_code: null, created_at: t.clock.now.toISOString() }).execute();
    t.clock.advance(STUCK_AFTER_MS + 1000);
    await reconcileCheckouts({ db: t.db, dialect: t.dialect, publicUrl: 'http://x', gatewaysFor: () => gatewaysFor(t.db, seller.id, null) }, t.clock.now);
    expect((await t.db.selectFrom('payment').select('status').where('id', '=', `p-${cartId}`).executeTakeFirstOrThrow()).status).toBe('failed');
    expect((await c.call('GET', `/api/cart/${cartId}`)).body.cart._data[0].state).toBe('pending');
  });
});
