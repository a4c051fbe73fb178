import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_WINDOW_MS } from '../src/checkout/captcha-window.js';
import { uuidv7 } from '../src/ids.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { fakeSiteVerify } from './fake-site-verify.js';
import { paidOrderWithKey } from './paid-order.js';
import { dialects, testApp, type TestApp } from './harness.js';

const A = '2026-06-04T14:00:00.000Z'; // GA 10:00 local
const C = '2026-06-05T22:00:00.000Z';
const TERMS = 'Tickets are not refundable except as these terms say.';

/**
 * The honest paths the server's rules must not block (docs/architecture.md "Rules and where they
 * are enforced"): with the captcha on, one passing answer carries a guest through the 3-D Secure
 * continuation, a retried pay and a wallet payment (against the local fake Stripe); the terms are
 * recorded on the order; a cheaper reschedule refunds the difference once under concurrent confirms.
 */
describe.each(dialects())('honest paths under the rules, on %s', (dialect) => {
  const fake = new FakeStripe();
  let provider: Awaited<ReturnType<typeof fakeSiteVerify>>;
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    await fake.start();
    provider = await fakeSiteVerify();
    t = await testApp(dialect, {
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url, CAPTCHA_SECRET_KEY: 'captcha-secret', CAPTCHA_VERIFY_URL: provider.url },
    });
    ids = await catalogIds(t.db);
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Admission'], horizon_hours: 2 }) }).execute();
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
    await provider.close();
  });

  const line = (type: string, start: string) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', start) });
  const pay = (c: CartClient, cartId: string, body: Record<string, unknown>, key?: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { gateway_id: 'stripe', ...body }, headers: { cookie: c.cookie!, ...(key ? { 'idempotency-key': key } : {}) } })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  async function guestCart(email: string) {
    const c = new CartClient(t.app);
    const cart = await c.create([line('adult', A)]);
    const cartId = cart.body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    return { c, cartId, amount: cart.body.cart._data[0].cart_fees.total_outstanding as string };
  }

  it('3-D Secure: the continuation naming the intent needs no second captcha answer; the same Idempotency-Key again neither', async () => {
    const { c, cartId, amount } = await guestCart('threeds@example.com');
    const asked = provider.seen.length;
    const first = await pay(c, cartId, { amount, gateway_data: { payment_method_id: 'pm_card_authenticationRequired' }, captcha: 'good' }, `3ds-${cartId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(402);
    expect(first.body._data[0]._code).toBe('intent_requires_action');
    const intent = first.body._data[0]._extra.payment_intent_id as string;
    fake.completeAction(intent, true);
    // The window is closed (as after a long bank challenge): the continuation still goes through.
    await t.db.updateTable('cart').set({ captcha_until: null }).where('id', '=', cartId).execute();
    const done = await pay(c, cartId, { amount, gateway_data: { payment_intent_id: intent } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.outcome).toBe('completed');
    const again = await pay(c, cartId, { amount, gateway_data: { payment_method_id: 'pm_card_authenticationRequired' } }, `3ds-${cartId}`);
    expect(again.body.outcome).toBe('completed');
    expect(provider.seen.length).toBe(asked + 1);
  });

  it("a wallet payment after a declined card needs no second answer; another cart, or this one after the window, needs its own", async () => {
    const { c, cartId, amount } = await guestCart('wallet@example.com');
    const declined = await pay(c, cartId, { amount, gateway_data: { payment_method_id: 'pm_card_chargeDeclined' }, captcha: 'good' });
    expect(declined.status).toBe(402);
    const wallet = (await (await fetch(`${fake.url}/js/wallet_payment_method`, { method: 'POST' })).json()) as { id: string };
    const other = await guestCart('wallet-other@example.com');
    const refused = await pay(other.c, other.cartId, { amount: other.amount, gateway_data: { payment_method_id: wallet.id } });
    expect(refused.status).toBe(400);
    expect(refused.body._data[0]).toMatchObject({ _code: 'validation_failed', _context: 'captcha' });
    const paid = await pay(c, cartId, { amount, gateway_data: { payment_method_id: wallet.id } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.outcome).toBe('completed');
    // The window is bounded.
    const late = await guestCart('wallet-late@example.com');
    expect((await pay(late.c, late.cartId, { amount: late.amount, gateway_data: { payment_method_id: 'pm_card_chargeDeclined' }, captcha: 'good' })).status).toBe(402);
    t.clock.advance(CAPTCHA_WINDOW_MS + 1000);
    try {
      const after = await pay(late.c, late.cartId, { amount: late.amount, gateway_data: { payment_method_id: 'pm_card_visa' } });
      expect(after.body._data[0]._context).toBe('captcha');
    } finally {
      t.clock.advance(-(CAPTCHA_WINDOW_MS + 1000));
    }
  });

  it('with terms, the pay call that accepts them books an order that records when and which terms (their hash)', async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const id = uuidv7();
    await t.db.insertInto('config_entry').values({ id, seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'checkout_terms', value: JSON.stringify(TERMS) }).execute();
    try {
      const { c, cartId, amount } = await guestCart('terms@example.com');
      const paid = await pay(c, cartId, { amount, gateway_data: { payment_method_id: 'pm_card_visa' }, captcha: 'good', terms_accepted: true });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const order = paid.body.ticket_order._data[0];
      expect(order.terms_acceptance).toEqual({ accepted_at: t.clock.now.toISOString(), terms_hash: createHash('sha256').update(TERMS).digest('hex') });
      const row = await t.db.selectFrom('ticket_order').select(['terms_accepted_at', 'terms_hash']).where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(row.terms_hash).toBe(order.terms_acceptance.terms_hash);
    } finally {
      await t.db.deleteFrom('config_entry').where('id', '=', id).execute();
    }
  });

  it('a reschedule of a paid ticket to a cheaper time refunds exactly the difference, once, under 5 concurrent confirms', async () => {
    const { orderId, key } = await paidOrderWithKey(t, 'cheaper-race@example.com', [line('adult', A)], { captcha: 'good' });
    const adult = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).executeTakeFirstOrThrow()).id;
    const before = await t.db.selectFrom('ticket_order').select(['total', 'paid']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const c = new CartClient(t.app);
    const change = await c.call('POST', `/api/cart/modify?key=${key}`, { ticket_order_id: orderId, remove: [adult], add: [line('child', C)] });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const cart = change.body.cart._data[0];
    expect(cart.outstandingBalance).toBe('-9.50');
    const refunds = fake.refunds.length;
    const confirms = await Promise.all(Array.from({ length: 5 }, () => c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} })));
    for (const r of confirms) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(confirms.some((r) => r.body.outcome === 'completed')).toBe(true);
    expect(fake.refunds.slice(refunds)).toEqual([expect.objectContaining({ amount: 950 })]);
    const rows = await t.db.selectFrom('payment').select(['amount', 'status']).where('cart_id', '=', cart.id).where('error_code', '=', 'order_change').execute();
    expect(rows).toEqual([{ amount: 950, status: 'refunded' }]);
    const after = await t.db.selectFrom('ticket_order').select(['total', 'paid']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect([after.total, after.paid]).toEqual([before.total - 950, before.paid - 950]);
  });
});
