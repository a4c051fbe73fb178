import { AUTO_RENEW_TEXT, DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOrderKey } from '../src/orders/order-access-key.js';
import { renewDueMemberships } from '../src/membership/auto-renew/renew-due-memberships.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { stripeClient } from '../src/payments/stripe-client.js';
import { readSettings } from '../src/settings.js';
import { Browser, errorOf } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { MEMBERSHIP_FIXTURE, registered } from './membership-harness.js';

describe.each(dialects())('auto-renew on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE, env: {} });
    ids = await catalogIds(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const member = (email: string) => [{ role: 'member', first_name: 'Ada', last_name: 'Lovelace', email }];

  async function buy(b: Browser, email: string, body: Record<string, unknown>, handlerData: Record<string, unknown> = { members: member(email) }) {
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: handlerData }] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    await b.post(`/api/my/cart/${cartId}/checkout`, {});
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, ...body });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    return { cartId, orderId: paid.body.ticket_order._data[0].id as string };
  }
  const statesOf = async (orderId: string) => (await t.db.selectFrom('membership').select('auto_renew_state').where('ticket_order_id', '=', orderId).execute()).map((m) => m.auto_renew_state);

  it('paying with auto_renew schedules the membership and keeps the card (brand and last 4 only)', async () => {
    const { b, email } = await registered(t, 'Ada');
    const { orderId, cartId } = await buy(b, email, { auto_renew: true });
    expect(await statesOf(orderId)).toEqual(['scheduled']);
    const saved = await b.get('/api/my/identity/saved_payment_method');
    expect(saved.status).toBe(200);
    expect(saved.body.saved_payment_method._data).toEqual([expect.objectContaining({ gateway_id: 'demo', brand: 'visa', last4: '4242' })]);
    expect(JSON.stringify(saved.body)).not.toContain(DEMO_CARDS.success);
    expect((await t.db.selectFrom('cart').select('auto_renew').where('id', '=', cartId).executeTakeFirstOrThrow()).auto_renew).toBe(1);
    const mine = await b.get('/api/my/membership');
    expect(mine.body.membership._data[0].auto_renew_state).toBe('scheduled');
  });

  it('without the flag nothing is scheduled or kept; a gift is never enrolled; logged out is a 401', async () => {
    const { b, email } = await registered(t, 'Bea');
    const { orderId } = await buy(b, email, {});
    expect(await statesOf(orderId)).toEqual(['none']);
    expect((await b.get('/api/my/identity/saved_payment_method')).body.saved_payment_method._data).toEqual([]);
    expect((await new Browser(t.app).get('/api/my/identity/saved_payment_method')).status).toBe(401);

    const giver = await registered(t, 'Gil');
    const cart = await giver.b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {} } }] });
    const cartId = cart.body.cart._data[0].id;
    const giftee = await giver.b.post('/api/giftee', { first_name: 'G', last_name: 'H', email: 'gh-auto@example.org' });
    await giver.b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: giftee.body.identity_id });
    const paid = await giver.b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, auto_renew: true });
    expect(paid.body.outcome).toBe('completed');
    expect((await t.db.selectFrom('cart').select('auto_renew').where('id', '=', cartId).executeTakeFirstOrThrow()).auto_renew).toBe(0);
    expect((await giver.b.get('/api/my/identity/saved_payment_method')).body.saved_payment_method._data).toEqual([]);
  });

  it('cancelling: scheduled becomes cancelled once (owner or manage key); otherwise not enrolled or not authenticated', async () => {
    const { b, email } = await registered(t, 'Cy');
    const { orderId } = await buy(b, email, { auto_renew: true });
    const stranger = await new Browser(t.app, '10.44.0.1').call('DELETE', `/api/ticket_order/${orderId}/auto_renew`);
    expect(stranger.status).toBe(401);
    expect(errorOf(stranger.body)._description).toBe(AUTO_RENEW_TEXT.notAuthenticated);
    expect(await statesOf(orderId)).toEqual(['scheduled']);

    const done = await b.call('DELETE', `/api/ticket_order/${orderId}/auto_renew`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ auto_renew_state: 'cancelled', membership_ids: [expect.any(String)] });
    expect(await statesOf(orderId)).toEqual(['cancelled']);
    const again = await b.call('DELETE', `/api/ticket_order/${orderId}/auto_renew`);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ _code: 'not_enrolled', _description: AUTO_RENEW_TEXT.notEnrolled });

    // From the e-mail's link in another browser.
    const other = await registered(t, 'Dee');
    const second = await buy(other.b, other.email, { auto_renew: true });
    const key = await issueOrderKey(t.db, second.orderId, t.clock.now);
    const byKey = await new Browser(t.app, '10.44.0.2').call('DELETE', `/api/ticket_order/${second.orderId}/auto_renew?key=${encodeURIComponent(key)}`);
    expect(byKey.status).toBe(200);
    expect(await statesOf(second.orderId)).toEqual(['cancelled']);
  });

  it('with Stripe the card is attached to a Customer for off-session use', async () => {
    const env = { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url };
    const s = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE, env });
    try {
      const sIds = await catalogIds(s.db);
      const { b, email } = await registered(s, 'Stri');
      const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: sIds.type('m-individual'), handler_data: { members: member(email) } }] });
      const cartId = cart.body.cart._data[0].id;
      await b.post(`/api/my/cart/${cartId}/checkout`, {});
      const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' }, auto_renew: true });
      expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
      const intent = [...fake.intents.values()].at(-1)!;
      expect(intent).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_fake_/) });
      expect(fake.customers.at(-1)).toMatchObject({ id: intent.customer, email });
      const saved = await s.db.selectFrom('saved_payment_method').selectAll().executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ gateway_id: 'stripe', brand: 'visa', last4: '4242' });
      expect(JSON.parse(saved.reference)).toEqual({ customer: intent.customer, payment_method: 'pm_card_visa' });

      // The renewal job charges that card off-session, a week before the end.
      const card = await s.db.selectFrom('membership').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).executeTakeFirstOrThrow();
      const stripe = stripeClient(readSettings(env).stripe!);
      const at = new Date(Date.parse(card.valid_to) - 6 * 86_400_000);
      const run = await renewDueMemberships({ db: s.db, dialect: s.dialect, publicUrl: 'https://shop.example', gatewaysFor: (sellerId) => gatewaysFor(s.db, sellerId, stripe) }, at);
      expect(run.renewed).toBe(1);
      const renewal = [...fake.intents.values()].at(-1)!;
      expect(renewal).toMatchObject({ off_session: true, customer: intent.customer, payment_method: 'pm_card_visa', status: 'succeeded', amount: 7500 });
      expect((await s.db.selectFrom('membership').select('valid_to').where('id', '=', card.id).executeTakeFirstOrThrow()).valid_to > card.valid_to).toBe(true);
    } finally {
      await s.close();
    }
  });
});
