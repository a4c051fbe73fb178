import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../src/admin/audit.js';
import { reconcileStaffRefunds } from '../src/admin/reconcile-staff-refunds.js';
import { refundOrder } from '../src/admin/refund-order.js';
import { demoGateway } from '../src/payments/demo-gateway.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { refundPayment } from '../src/payments/refund-payment.js';
import { catalogIds, CartClient, type CatalogIds } from './cart-client.js';
import { documentChecker, HOT, makeStaff, signedIn } from './admin-harness.js';
import { deliverMail, mailbox, type Browser } from './auth-harness.js';
import { FakeStripe } from './fake-stripe.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** Box-office refunds (docs/box-office.md, Refund): through the gateway that took the money, once. */
describe.each(dialects())('refunds by the box office on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: Awaited<ReturnType<typeof documentChecker>>;
  let buyers = 0;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    checker = await documentChecker(t);
    desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow()).used_capacity;
  const refund = (orderId: string, body: unknown, b = desk) => b.post(`/api/admin/orders/${orderId}/refund`, body);
  const order = async (orderId: string) => (await desk.get(`/api/admin/orders/${orderId}`)).body;

  /** An order of `n` adults (20.00 each) paid by card through the fake Stripe. */
  async function stripeOrder(email: string, n = 2) {
    const c = new CartClient(t.app, `10.5.${++buyers}.1`);
    const cart = await c.create(Array.from({ length: n }, () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) })));
    const cartId = cart.body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount: cart.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } }, headers: { cookie: c.cookie! } });
    const body = JSON.parse(paid.body);
    expect(body.outcome, paid.body).toBe('completed');
    return { orderId: body.ticket_order._data[0].id as string, orderNumber: body.ticket_order._data[0].order_number as string, ticketIds: (body.ticket._data as { id: string }[]).map((x) => x.id) };
  }

  it('refunds one ticket by card through Stripe: the money back, the ticket cancelled, its capacity given back, the buyer told, the log written', async () => {
    const mine = await stripeOrder('refund-one@example.com');
    const before = await used();
    const res = await refund(mine.orderId, { ticket_ids: [mine.ticketIds[0]], reason: 'Wrong day' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/orders/{id}/refund', 200, res.body);
    expect(res.body.admin_refund).toMatchObject({ status: 'refunded', amount: '20.00', ticket_ids: [mine.ticketIds[0]], reason: 'Wrong day' });
    const intent = (await t.db.selectFrom('payment').select('reference').where('ticket_order_id', '=', mine.orderId).where('status', '=', 'succeeded').executeTakeFirstOrThrow()).reference;
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: 2000 })]);
    expect(await used()).toBe(before - 1);

    const page = await order(mine.orderId);
    expect(page.admin_order).toMatchObject({ paid: '40.00', refunded: '20.00', refundable: '20.00' });
    expect(page.tickets.map((x: { id: string; state: string }) => [x.id, x.state])).toEqual([
      [mine.ticketIds[0], 'cancelled'],
      [mine.ticketIds[1], 'booked'],
    ]);
    expect(page.payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([expect.objectContaining({ gateway_id: 'stripe', amount: '20.00', status: 'refunded' })]);
    const audit = await desk.get(`/api/admin/orders/${mine.orderId}`);
    expect(audit.body.timeline.find((e: { what: string }) => e.what === 'order.refund')).toMatchObject({ by: 'desk@example.org' });
    await deliverMail(t);
    expect((await mailbox(t.app, 'refund-one@example.com')).map((m) => m.subject)).toContain(`Cancelled — order ${page.admin_order.order_number}`);

    // The same ticket again: refused, nothing sent.
    const again = await refund(mine.orderId, { ticket_ids: [mine.ticketIds[0]], reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body._data[0]._code).toBe('ticket_state_incorrect');
    expect(fake.refunds.filter((r) => r.payment_intent === intent).length).toBe(1);
    // The rest of the order: what is left (20.00); then nothing is left.
    const rest = await refund(mine.orderId, { reason: 'Cancel the rest' });
    expect(rest.body.admin_refund).toMatchObject({ status: 'refunded', amount: '20.00', ticket_ids: [mine.ticketIds[1]] });
    expect(await used()).toBe(before - 2);
    const none = await refund(mine.orderId, { reason: 'Once more' });
    expect(none.status).toBe(409);
    expect((await order(mine.orderId)).admin_order).toMatchObject({ refunded: '40.00', refundable: '0.00' });
  });

  it('refuses a refund larger than what was paid, and bad input, with nothing changed', async () => {
    const mine = await stripeOrder('short@example.com');
    // As if 15.00 of the order's 40.00 had been paid (an instalment plan): one 20.00 ticket is too much.
    await t.db.updateTable('ticket_order').set({ paid: 1500 }).where('id', '=', mine.orderId).execute();
    const before = await used();
    const res = await refund(mine.orderId, { ticket_ids: [(await order(mine.orderId)).tickets[0].id], reason: 'Too much' });
    expect(res.status).toBe(409);
    expect(res.body._data[0]).toMatchObject({ _code: 'refund_exceeds_paid', _extra: { refundable: '15.00', asked: '20.00' } });
    expect(await used()).toBe(before);
    expect((await t.db.selectFrom('staff_refund').select('id').where('order_id', '=', mine.orderId).execute()).length).toBe(0);
    for (const [body, status, code] of [
      [{}, 400, 'validation_failed'],
      [{ reason: '' }, 400, 'validation_failed'],
      [{ reason: 'x', ticket_ids: [] }, 400, 'validation_failed'],
      [{ reason: 'x', extra: 1 }, 400, 'validation_failed'],
      [{ reason: 'x', ticket_ids: ['not-a-ticket-of-this-order'] }, 404, 'ticket_not_found'],
    ] as const) {
      const bad = await refund(mine.orderId, body);
      expect([bad.status, bad.body._data[0]._code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await refund('0190aaaa-0000-7000-8000-000000000000', { reason: 'x' })).status).toBe(404);
  });

  it('five staff refunding one order at once: exactly one refund reaches Stripe; capacity is given back once', async () => {
    const mine = await stripeOrder('race@example.com', 3);
    // Signed in one after another: each sign-in moves the test clock on a TOTP step (freshCode), so
    // codes made at once would be checked steps later and refused. The refunds below race.
    const desks = [];
    for (const i of [1, 2, 3, 4]) desks.push(await signedIn(t, await makeStaff(t, `desk${i}@example.org`, 'box_office'), `10.7.1.${i}`));
    const before = await used();
    const sentBefore = fake.refunds.length;
    const answers = await Promise.all([desk, ...desks].map((b) => refund(mine.orderId, { reason: 'Race' }, b)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(['refund_in_progress', 'ticket_state_incorrect']).toContain(a.body._data[0]._code);
    expect(fake.refunds.length - sentBefore).toBe(1);
    expect(fake.refunds.at(-1)!.amount).toBe(6000);
    expect(await used()).toBe(before - 3);
  });

  it('a refund the provider refuses leaves the order unchanged and says why', async () => {
    const mine = await stripeOrder('refused@example.com', 1);
    const intentId = (await t.db.selectFrom('payment').select('reference').where('ticket_order_id', '=', mine.orderId).executeTakeFirstOrThrow()).reference!;
    fake.intents.get(intentId)!.status = 'canceled';
    const before = await used();
    const res = await refund(mine.orderId, { reason: 'Refused' });
    expect(res.status).toBe(502);
    expect(res.body._data[0]._code).toBe('refund_failed');
    expect(res.body._data[0]._description).toMatch(/nothing was changed.*no charge to refund/i);
    expect(await used()).toBe(before);
    const page = await order(mine.orderId);
    expect(page.tickets.map((x: { state: string }) => x.state)).toEqual(['booked']);
    expect(page.admin_order).toMatchObject({ refunded: '0.00', refundable: '20.00' });
    expect(page.payments.find((p: { kind: string }) => p.kind === 'refund')).toMatchObject({ status: 'refund_failed' });
    expect(page.timeline.map((e: { what: string }) => e.what)).toContain('order.refund_failed');
    fake.intents.get(intentId)!.status = 'succeeded';
    // Nothing in flight is left behind: the next refund goes through.
    expect((await refund(mine.orderId, { reason: 'Now' })).body.admin_refund.status).toBe('refunded');
  });

  it('a gift card that paid is credited back', async () => {
    const c = new CartClient(t.app, '10.5.1.1');
    const gift = await c.create([{ ticket_type_id: ids.type('gift25') }]);
    const bought = JSON.parse((await t.app.inject({ method: 'POST', url: `/api/cart/${gift.body.cart._data[0].id}/pay`, payload: { amount: '25.00', gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } }, headers: { cookie: c.cookie! } })).body);
    const number = (await t.db.selectFrom('ledger').select('number').where('ticket_id', '=', bought.ticket._data[0].id).executeTakeFirstOrThrow()).number;
    const cart = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Gil', last_name: 'Card', email: 'gift@example.com' });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = JSON.parse((await t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount: '20.00', gateway_id: 'ledger', gateway_data: { number } }, headers: { cookie: c.cookie! } })).body);
    expect(paid.outcome).toBe('completed');
    const balance = async () => (await t.db.selectFrom('ledger').select('balance').where('number', '=', number).executeTakeFirstOrThrow()).balance;
    expect(await balance()).toBe(500);
    const res = await refund(paid.ticket_order._data[0].id, { reason: 'Gift card back' });
    expect(res.body.admin_refund).toMatchObject({ status: 'refunded', amount: '20.00' });
    expect(await balance()).toBe(2500);
  });

  it('a lost answer is not sent twice: the refund stays in flight, the reconciler resends it under the same key, then it finishes', async () => {
    const mine = await stripeOrder('lost@example.com', 1);
    const sent: string[] = [];
    let lose = true;
    const flaky = {
      ...demoGateway,
      id: 'stripe',
      refund(payment: { id: string }) {
        sent.push(payment.id);
        return lose ? Promise.reject(Object.assign(new Error('socket hang up'), { type: 'StripeConnectionError' })) : Promise.resolve();
      },
    };
    const deps = { db: t.db, dialect: t.dialect, publicUrl: 'http://localhost', gatewaysFor: (sellerId: string) => ({ ...gatewaysFor(t.db, sellerId, null), stripe: flaky }) };
    const before = await used();
    const first = await refundOrder(deps, CLI_ACTOR, { orderId: mine.orderId, reason: 'Lost', now: t.clock.now });
    expect(first.status).toBe('sending');
    expect(await used()).toBe(before);
    // Another refund of the order meanwhile is refused: one is in flight.
    await expect(refundOrder(deps, CLI_ACTOR, { orderId: mine.orderId, reason: 'Again', now: t.clock.now })).rejects.toMatchObject({ code: 'refund_in_progress' });
    const row = await t.db.selectFrom('payment').select(['id', 'status']).where('ticket_order_id', '=', mine.orderId).where('error_code', '=', 'staff_refund').executeTakeFirstOrThrow();
    expect(row.status).toBe('refund_pending');
    lose = false;
    expect(await refundPayment({ db: t.db, gateways: { stripe: flaky } }, row.id)).toBe(true);
    expect(sent).toEqual([row.id, row.id]);
    // Reading the order changes nothing; the job finishes the refund, once.
    expect((await order(mine.orderId)).tickets.map((x: { state: string }) => x.state)).toEqual(['booked']);
    expect(await used()).toBe(before);
    await reconcileStaffRefunds(deps, t.clock.now);
    await reconcileStaffRefunds(deps, t.clock.now);
    const page = await order(mine.orderId);
    expect(page.tickets.map((x: { state: string }) => x.state)).toEqual(['cancelled']);
    expect(await used()).toBe(before - 1);
    expect(await t.db.selectFrom('audit_log').select('id').where('object_id', '=', mine.orderId).where('action', '=', 'order.refund').execute()).toHaveLength(1);
    expect(await refundPayment({ db: t.db, gateways: { stripe: flaky } }, row.id)).toBe(false);
    expect(sent.length).toBe(2);
  });

  it('door staff may not refund or resend; resend sends the confirmation to the buyer or a typed address', async () => {
    const mine = await stripeOrder('resend@example.com', 1);
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.2.1');
    expect((await refund(mine.orderId, { reason: 'x' }, door)).status).toBe(403);
    expect((await door.post(`/api/admin/orders/${mine.orderId}/resend`, {})).status).toBe(403);
    const res = await desk.post(`/api/admin/orders/${mine.orderId}/resend`, {});
    expect(res.status).toBe(200);
    checker.check('POST', '/admin/orders/{id}/resend', 200, res.body);
    expect(res.body).toEqual({ sent_to: 'resend@example.com' });
    expect((await desk.post(`/api/admin/orders/${mine.orderId}/resend`, { email: 'other@example.com' })).body).toEqual({ sent_to: 'other@example.com' });
    expect((await desk.post(`/api/admin/orders/${mine.orderId}/resend`, { email: 'nope' })).status).toBe(400);
    await deliverMail(t);
    expect((await mailbox(t.app, 'other@example.com')).map((m) => m.subject)).toEqual([`Your tickets — order ${mine.orderNumber}`]);
  });
});
