import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import type { Browser } from './auth-harness.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { HOT, makeStaff, signedIn } from './admin-harness.js';
import { FakeStripe } from './fake-stripe.js';
import { payByCard } from './paid-order.js';
import { dialects, testApp, type TestApp } from './harness.js';

/**
 * A move when the seller takes cards through Stripe (docs/box-office.md, Move), against the local
 * Stripe fake: a dearer session's difference charged with the payment method the desk's card
 * element makes (a declined card changes nothing), a cheaper one's refunded through Stripe to the
 * payment that took it.
 */
describe.each(dialects())('moves paid and refunded through Stripe on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let later: string;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    const hot = await t.db.selectFrom('event_session').selectAll().where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow();
    later = uuidv7();
    await t.db.insertInto('event_session').values({ ...hot, id: later, start_datetime: '2026-06-08T14:00:00.000Z', end_datetime: '2026-06-08T15:00:00.000Z', used_capacity: 0, capacity: 100 }).execute();
    desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** One adult for the hot session, paid by card through Stripe. */
  async function stripeOrder(email: string) {
    const c = new CartClient(t.app, `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    const cart = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    const cartId = cart.body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await payByCard(t, c, cartId, cart.body.cart._data[0].cart_fees.total_outstanding);
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const orderId = paid.body.ticket_order._data[0].id as string;
    const ticketId = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).executeTakeFirstOrThrow()).id;
    return { orderId, ticketId };
  }
  const setAdultPrice = (minor: number) => t.db.updateTable('ticket_type').set({ currency_amount: minor }).where('id', '=', ids.type('adult')).execute();
  const state = async (id: string) => (await t.db.selectFrom('ticket').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
  const move = (orderId: string, ticketId: string, payment?: unknown) => desk.post(`/api/admin/orders/${orderId}/move`, { ticket_ids: [ticketId], event_session_id: later, reason: 'wrong day', ...(payment ? { payment } : {}) });

  it('charges a dearer session’s difference with the card element’s payment method; a declined card changes nothing', async () => {
    const o = await stripeOrder('stripe.dearer@example.org');
    await setAdultPrice(2500);
    try {
      const intents = fake.intents.size;
      const declined = await move(o.orderId, o.ticketId, { gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_chargeDeclined' } });
      expect(declined.status, JSON.stringify(declined.body)).toBe(402);
      expect(await state(o.ticketId)).toBe('booked');
      const res = await move(o.orderId, o.ticketId, { gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.admin_move.difference).toBe('5.00');
      expect(await state(o.ticketId)).toBe('cancelled');
      const charged = [...fake.intents.values()].slice(intents).filter((i) => i.status === 'succeeded');
      expect(charged.map((i) => i.amount)).toEqual([500]);
      const detail = (await desk.get(`/api/admin/orders/${o.orderId}`)).body;
      expect(detail.admin_order).toMatchObject({ total: '25.00', paid: '25.00' });
      expect(detail.payments.filter((p: { kind: string; status: string }) => p.kind === 'charge' && p.status === 'succeeded').map((p: { gateway_id: string; amount: string }) => `${p.gateway_id} ${p.amount}`).sort()).toEqual(['stripe 20.00', 'stripe 5.00']);
    } finally {
      await setAdultPrice(2000);
    }
  });

  it('refunds a cheaper session’s difference through Stripe, to the payment that took it', async () => {
    const o = await stripeOrder('stripe.cheaper@example.org');
    const refunds = fake.refunds.length;
    await setAdultPrice(1500);
    try {
      const res = await move(o.orderId, o.ticketId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.admin_move.difference).toBe('-5.00');
      expect(fake.refunds.slice(refunds).map((r) => r.amount)).toEqual([500]);
      const detail = (await desk.get(`/api/admin/orders/${o.orderId}`)).body;
      expect(detail.payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([expect.objectContaining({ gateway_id: 'stripe', amount: '5.00', status: 'refunded' })]);
    } finally {
      await setAdultPrice(2000);
    }
  });
});
