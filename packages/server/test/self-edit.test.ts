import { CHECKIN_TEXT, SELF_EDIT_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { uuidv7 } from '../src/ids.js';
import { Browser, deliverMail, mailbox, PASSWORD } from './auth-harness.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { paidOrderWithKey, payByCard } from './paid-order.js';
import { dialects, testApp, type TestApp } from './harness.js';

const A = '2026-06-04T14:00:00.000Z'; // GA 10:00 local, capacity 10
const B = '2026-06-04T18:00:00.000Z'; // GA 14:00 local
const C = '2026-06-05T22:00:00.000Z';
const DOOR_TOKEN = 'door-scanner-token-for-self-edit-0123456789';

/**
 * Self-edit and reschedule (docs/after-sale.md#screens Edit order, Reschedule; docs/after-sale.md): a change cart linked
 * to the order, one modify that adds the new tickets and takes the old out, Confirm Changes paid
 * (Stripe, against the local fake) or free, refunds of a cheaper change, discard and expiry.
 */
describe.each(dialects())('self-edit of an order on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url, FOYER_STAFF_TOKENS: DOOR_TOKEN } });
    ids = await catalogIds(t.db);
    await setRules({ categories: ['Admission', 'Performances'], horizon_hours: 2 });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  async function setRules(value: unknown) {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.deleteFrom('config_entry').where('namespace', '=', 'web').where('name', '=', 'self_edit_rules').execute();
    if (value) await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify(value) }).execute();
  }
  const used = async (start: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('ga', start)).executeTakeFirstOrThrow()).used_capacity;
  const ticket = async (id: string) => t.db.selectFrom('ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const line = (type: string, start: string) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', start) });
  const payCard = (c: CartClient, cartId: string, amount: string, key?: string) => payByCard(t, c, cartId, amount, key);

  /** A paid order (an adult and a child, session A) and its manage key, read from the confirmation e-mail. */
  async function order(email: string, lines = [line('adult', A), line('child', A)]) {
    const { paid, orderId, key } = await paidOrderWithKey(t, email, lines);
    const tickets = paid.body.ticket._data as { id: string; ticket_type_id: string; scan_code: string }[];
    return {
      orderId,
      key,
      adult: tickets.find((x) => x.ticket_type_id === ids.type('adult'))!,
      child: tickets.find((x) => x.ticket_type_id === ids.type('child'))!,
    };
  }
  /** The manage link opened in another browser: a change cart for the order. */
  async function change(o: Awaited<ReturnType<typeof order>>, body: Record<string, unknown>, c = new CartClient(t.app)) {
    const res = await c.call('POST', `/api/cart/modify?key=${o.key}`, { ticket_order_id: o.orderId, ...body });
    return { c, res, cart: res.body?.cart?._data?.[0] };
  }

  it('reschedules a ticket to a dearer type and session in one modify, pays the difference by card: same order, new scan code, old ticket cancelled once, the order-update e-mail', async () => {
    const o = await order('dearer@example.com');
    const [a0, b0] = [await used(A), await used(B)];
    const { c, res, cart } = await change(o, { remove: [o.child.id], add: [line('adult', B)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cart).toMatchObject({ edits_order_id: o.orderId, credit: '10.50', outstandingBalance: '9.50' });
    expect(cart.expires_at).not.toBeNull();
    // Both held at once: the old place stays the buyer's until the change is confirmed.
    expect([await used(A), await used(B)]).toEqual([a0, b0 + 1]);
    expect((await ticket(o.child.id)).state).toBe('in_cart');

    const paid = await payCard(c, cart.id, '9.50', `change-${cart.id}`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.outcome).toBe('completed');
    expect(paid.body.ticket_order._data[0].id).toBe(o.orderId);
    expect(paid.body.ticket_order._data[0].ticket_order_fees).toMatchObject({ total_after_fees_price: '40.00', total_payments: '40.00', total_outstanding: '0.00' });
    // The same key again charges nothing more.
    expect((await payCard(c, cart.id, '9.50', `change-${cart.id}`)).body.outcome).toBe('completed');
    expect(fake.intents.size).toBe(2);
    expect([await used(A), await used(B)]).toEqual([a0 - 1, b0 + 1]);
    expect((await ticket(o.child.id)).state).toBe('cancelled');
    const fresh = (await t.db.selectFrom('ticket').selectAll().where('ticket_order_id', '=', o.orderId).where('state', '=', 'booked').execute()).find((x) => x.event_session_id === ids.session('ga', B))!;
    expect(fresh.scan_code).toBeTruthy();
    expect(fresh.scan_code).not.toBe(o.child.scan_code);
    const doc = await c.call('GET', `/api/ticket_order/${o.orderId}?key=${o.key}&_embed=ticket`);
    expect(doc.body.ticket._data.map((x: { id: string }) => x.id).sort()).toEqual([o.adult.id, fresh.id].sort());
    expect((await t.db.selectFrom('outbox').select('kind').where('to_address', '=', 'dearer@example.com').execute()).map((k) => k.kind)).toContain('order_update');
  });

  it('a cheaper change is confirmed free (guest_checkout with gateway "free") and the difference goes back to the card (a Stripe refund)', async () => {
    const o = await order('cheaper@example.com');
    const { c, cart } = await change(o, { remove: [o.adult.id], add: [line('child', C)] });
    expect(cart.outstandingBalance).toBe('-9.50');
    // A card payment is not what a cheaper change needs.
    expect((await payCard(c, cart.id, '1.00')).status).toBe(400);
    const before = fake.refunds.length;
    const done = await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ outcome: 'completed' });
    expect(done.body.ticket_order._data[0]).toMatchObject({ id: o.orderId, ticket_order_fees: { total_after_fees_price: '21.00', total_payments: '21.00' } });
    expect(fake.refunds.slice(before)).toEqual([expect.objectContaining({ amount: 950 })]);
    const refund = await t.db.selectFrom('payment').selectAll().where('cart_id', '=', cart.id).where('error_code', '=', 'order_change').executeTakeFirstOrThrow();
    expect([refund.status, refund.amount, refund.gateway_id]).toEqual(['refunded', 950, 'stripe']);
    // Confirming again changes nothing.
    const again = await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(again.body.outcome).toBe('completed');
    expect(fake.refunds.length).toBe(before + 1);
    // Another browser learns nothing of the booked change cart's order.
    const stranger = await new CartClient(t.app).call('POST', `/api/cart/${cart.id}/pay`, { amount: '0.00', gateway_id: 'free', gateway_data: {} });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(o.orderId);
  });

  it('a change that takes out every ticket cancels the order and sends the order-cancel e-mail, not the tickets', async () => {
    // Only free tickets may simply leave an order (docs/after-sale.md): this order's two are made
    // complimentary (nothing paid for them), as a comp from the box office would be.
    const o = await order('everything@example.com');
    await t.db.updateTable('ticket').set({ face_value: 0, adjusted_value: 0 }).where('ticket_order_id', '=', o.orderId).execute();
    const { c, res, cart } = await change(o, { remove: [o.adult.id, o.child.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cart.outstandingBalance).toBe('0.00');
    const done = await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(done.body.outcome, JSON.stringify(done.body)).toBe('completed');
    const mails = await t.db.selectFrom('outbox').select(['kind', 'subject', 'text_body']).where('to_address', '=', 'everything@example.com').where('kind', 'in', ['order_update', 'order_cancel']).execute();
    expect(mails.map((m) => m.kind)).toEqual(['order_cancel']);
    const number = (await t.db.selectFrom('ticket_order').select('order_number').where('id', '=', o.orderId).executeTakeFirstOrThrow()).order_number;
    expect(mails[0].subject).toBe(`Cancelled — order ${number}`);
    expect(mails[0].text_body).toContain('These 2 tickets have been cancelled from your order');
    expect(mails[0].text_body).not.toContain('Manage your order');
  });

  it('with refund_method "gift_card" the difference becomes a gift card named in the order-update e-mail', async () => {
    await setRules({ categories: ['Admission', 'Performances'], horizon_hours: 2, refund_method: 'gift_card' });
    try {
      const o = await order('giftback@example.com');
      const { c, cart } = await change(o, { remove: [o.adult.id], add: [line('child', C)] });
      const before = fake.refunds.length;
      expect((await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} })).body.outcome).toBe('completed');
      expect(fake.refunds.length).toBe(before);
      await deliverMail(t);
      const texts = (await mailbox(t.app, 'giftback@example.com')).map((m) => m.text).join('\n');
      const number = /gift card: (\S+) \(9\.50\)/.exec(texts)?.[1];
      expect(number).toBeTruthy();
      expect((await t.db.selectFrom('ledger').select('balance').where('number', '=', number!).executeTakeFirstOrThrow()).balance).toBe(950);
    } finally {
      await setRules({ categories: ['Admission', 'Performances'], horizon_hours: 2 });
    }
  });

  it('discarding (DELETE cart) or letting the change cart expire gives the order its tickets back and the new places free: nothing lost', async () => {
    const o = await order('discard@example.com');
    const [a0, b0] = [await used(A), await used(B)];
    const first = await change(o, { remove: [o.child.id], add: [line('child', B)] });
    expect((await first.c.call('DELETE', `/api/cart/${first.cart.id}`)).status).toBe(200);
    expect((await ticket(o.child.id)).state).toBe('booked');
    expect([await used(A), await used(B)]).toEqual([a0, b0]);

    // POST cart/{id}/remove (docs/after-sale.md#how-a-change-works-server) takes another of the order's tickets out of the same change cart.
    const second = await change(o, { remove: [o.child.id], add: [line('child', B)] });
    expect(second.res.status).toBe(200);
    // A paid ticket goes only in exchange for another (docs/after-sale.md#who-may-read-or-change-an-order): removed alone it is refused, nothing moves.
    const alone = await second.c.call('POST', `/api/cart/${second.cart.id}/remove`, { tickets: [o.adult.id] });
    expect(alone.status).toBe(403);
    expect(alone.body._data[0]).toMatchObject({ _code: 'self_edit_not_allowed', _context: 'cart_remove_tickets', _extra: { reason: 'not_free' } });
    expect((await ticket(o.adult.id)).state).toBe('booked');
    const removed = await second.c.call('POST', `/api/cart/${second.cart.id}/modify`, { remove: [o.adult.id], add: [line('adult', B)] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.cart._data[0]).toMatchObject({ credit: '30.50' });
    expect((await ticket(o.adult.id)).state).toBe('in_cart');
    expect((await second.c.call('POST', `/api/cart/${second.cart.id}/remove`, { tickets: [] })).status).toBe(400);
    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect((await ticket(o.child.id)).state).toBe('booked');
      expect((await ticket(o.adult.id)).state).toBe('booked');
      expect([await used(A), await used(B)]).toEqual([a0, b0]);
      const late = await second.c.call('POST', `/api/cart/${second.cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
      expect(late.status).toBe(410);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('at the door, a ticket a change took out but has not confirmed is let in and the change dropped (its new place given back once); one being paid is refused', async () => {
    const o = await order('door@example.com', [line('adult', B), line('child', B)]);
    const scan = (code: string) => t.app.inject({ method: 'POST', url: '/api/checkin', payload: { scan_code: code }, headers: { authorization: `Bearer ${DOOR_TOKEN}` } });
    t.clock.advance((2 * 24 + 21) * 3_600_000); // 06-04 13:00Z: the day of session B, five hours before it
    try {
      const [b0, c0] = [await used(B), await used(C)];
      const open = await change(o, { remove: [o.adult.id], add: [line('adult', C)] });
      expect(open.res.status, JSON.stringify(open.res.body)).toBe(200);
      expect([(await ticket(o.adult.id)).state, await used(C)]).toEqual(['in_cart', c0 + 1]);

      const admitted = await scan(o.adult.scan_code);
      expect(admitted.statusCode, admitted.body).toBe(200);
      expect(admitted.json().checkin).toMatchObject({ kind: 'ticket', scan_code: o.adult.scan_code });
      expect((await ticket(o.adult.id)).state).toBe('redeemed');
      const dropped = await t.db.selectFrom('cart').select('state').where('id', '=', open.cart.id).executeTakeFirstOrThrow();
      expect(dropped.state).toBe('deleted');
      expect([await used(B), await used(C)]).toEqual([b0, c0]);
      const late = await open.c.call('POST', `/api/cart/${open.cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
      expect(late.status).not.toBe(200);
      expect([await used(B), await used(C)]).toEqual([b0, c0]);

      // A change claimed for payment cannot be undone at the door: the scan is refused, nothing moves.
      const paying = await change(o, { remove: [o.child.id], add: [line('child', C)] });
      expect(paying.res.status, JSON.stringify(paying.res.body)).toBe(200);
      await t.db.updateTable('cart').set({ state: 'checkout' }).where('id', '=', paying.cart.id).execute();
      const refused = await scan(o.child.scan_code);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()._data[0]).toMatchObject({ _code: 'intent_processing', _context: 'checkin', _description: CHECKIN_TEXT.beingChanged });
      expect([(await ticket(o.child.id)).state, await used(C)]).toEqual(['in_cart', c0 + 1]);
      await t.db.updateTable('cart').set({ state: 'pending' }).where('id', '=', paying.cart.id).execute();
      expect((await paying.c.call('DELETE', `/api/my/cart/${paying.cart.id}`)).status).toBe(200);
      expect([(await ticket(o.child.id)).state, await used(C)]).toEqual(['booked', c0]);
    } finally {
      t.clock.advance(-(2 * 24 + 21) * 3_600_000);
    }
  });

  it('refusals (docs/after-sale.md#errors): wrong key 404 and nothing revealed, ticket_not_found, ticket_state_incorrect, tickets_too_old, self-edit off; none changes anything', async () => {
    const o = await order('refusals@example.com');
    const other = await order('other-refusals@example.com');
    const before = await used(B);
    const wrongKey = await new CartClient(t.app).call('POST', `/api/cart/modify?key=nope`, { ticket_order_id: o.orderId, remove: [o.child.id], add: [line('child', B)] });
    expect(wrongKey.status).toBe(404);
    expect(JSON.stringify(wrongKey.body)).not.toContain('refusals@');
    const otherKey = await new CartClient(t.app).call('POST', `/api/cart/modify?key=${other.key}`, { ticket_order_id: o.orderId, remove: [o.child.id] });
    expect(otherKey.status).toBe(404);

    const foreign = await change(o, { remove: [other.child.id], add: [line('child', B)] });
    expect(foreign.res.status).toBe(404);
    expect(foreign.res.body._data[0]).toMatchObject({ _code: 'ticket_not_found', _context: 'cart_remove_tickets' });

    await t.db.updateTable('ticket').set({ state: 'redeemed' }).where('id', '=', o.adult.id).execute();
    const redeemed = await change(o, { remove: [o.adult.id], add: [line('adult', B)] });
    expect(redeemed.res.body._data[0]).toMatchObject({ _code: 'ticket_state_incorrect', _context: 'cart_remove_tickets' });

    t.clock.advance((2 * 24 + 21) * 3_600_000); // 06-04 13:00Z: one hour before session A, inside the 2-hour horizon
    try {
      const late = await change(o, { remove: [o.child.id], add: [line('child', C)] });
      expect(late.res.status).toBe(409);
      expect(late.res.body._data[0]).toMatchObject({ _code: 'tickets_too_old', _context: 'cart_remove_tickets' });
    } finally {
      t.clock.advance(-(2 * 24 + 21) * 3_600_000);
    }

    await setRules(null);
    try {
      const off = await change(o, { remove: [o.child.id], add: [line('child', B)] });
      expect(off.res.status).toBe(403);
      expect(off.res.body._data[0]).toMatchObject({ _code: 'self_edit_not_allowed', _description: SELF_EDIT_TEXT.contactToReschedule });
    } finally {
      await setRules({ categories: ['Admission', 'Performances'], horizon_hours: 2 });
    }
    expect(await used(B)).toBe(before);
    expect((await ticket(o.child.id)).state).toBe('booked');
    expect(await t.db.selectFrom('cart').select('id').where('edits_order_id', '=', o.orderId).where('state', '=', 'pending').execute()).toEqual([]);
  });

  it('a logged-in buyer is refused (docs/after-sale.md#who-may-read-or-change-an-order: self_edit_not_allowed, "Please log-out to edit your tickets"), with or without the manage key; logged out, the same key opens a change', async () => {
    const b = new Browser(t.app, '10.61.0.1');
    const email = 'logged-in-editor@example.com';
    expect((await b.post('/api/user', { first_name: 'Ada', last_name: 'Byron', email, password: PASSWORD })).status).toBe(200);
    const cart = await b.post('/api/my/cart/modify', { add: [line('adult', C), line('child', C)] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    expect((await b.post(`/api/my/cart/${cartId}/checkout`, {})).status).toBe(200);
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: cart.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const orderId = paid.body.ticket_order._data[0].id as string;
    const child = (paid.body.ticket._data as { id: string; ticket_type_id: string }[]).find((x) => x.ticket_type_id === ids.type('child'))!;
    await deliverMail(t);
    const key = encodeURIComponent(new URL(/Manage your order: (\S+)/.exec((await mailbox(t.app, email)).at(-1)!.text)![1]).searchParams.get('key')!);
    const before = await used(B);

    for (const url of ['/api/cart/modify', `/api/cart/modify?key=${key}`, '/api/my/cart/modify']) {
      const refused = await b.post(url, { ticket_order_id: orderId, remove: [child.id], add: [line('child', B)] });
      expect(refused.status, url).toBe(403);
      expect(refused.body._data[0]).toMatchObject({ _code: 'self_edit_not_allowed', _description: SELF_EDIT_TEXT.logOut, _context: 'cart_remove_tickets' });
    }
    expect((await ticket(child.id)).state).toBe('booked');
    expect(await used(B)).toBe(before);
    expect(await t.db.selectFrom('cart').select('id').where('edits_order_id', '=', orderId).execute()).toEqual([]);

    // Logged out, the e-mail's key opens the change (the refusal was the login, not the order).
    expect((await b.post('/api/logout', {})).status).toBeLessThan(300);
    const opened = await b.post(`/api/cart/modify?key=${key}`, { ticket_order_id: orderId, remove: [child.id], add: [line('child', B)] });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await ticket(child.id)).state).toBe('in_cart');
    expect((await b.call('DELETE', `/api/cart/${opened.body.cart._data[0].id}`)).status).toBe(200);
    expect((await ticket(child.id)).state).toBe('booked');
    expect(await used(B)).toBe(before);
  });

  it('an admission whose order holds add-on tickets (docs/events.md#upsells-and-add-ons "anchored upsells") is neither changed nor cancelled by the buyer; nor is a paid add-on of a single event', async () => {
    const addOnEvent = ids.event('hot');
    const addOnSession = (await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', addOnEvent).executeTakeFirstOrThrow()).id;
    const { meta } = await t.db.selectFrom('event_template').select('meta').where('id', '=', addOnEvent).executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ meta: JSON.stringify({ upsell: true }) }).where('id', '=', addOnEvent).execute();
    // Moved into the admission's visit window (the day of A, after it): the server refuses add-ons outside it (docs/architecture.md).
    const was = await t.db.selectFrom('event_session').select(['start_datetime', 'end_datetime']).where('id', '=', addOnSession).executeTakeFirstOrThrow();
    await t.db.updateTable('event_session').set({ start_datetime: '2026-06-04T16:00:00.000Z', end_datetime: '2026-06-04T17:00:00.000Z' }).where('id', '=', addOnSession).execute();
    await setRules({ categories: ['Admission', 'Performances', 'Tours'], horizon_hours: 2 });
    try {
      const o = await order('anchored@example.com', [line('adult', A), { ticket_type_id: ids.type('adult'), event_session_id: addOnSession }]);
      const admission = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', o.orderId).where('event_session_id', '=', ids.session('ga', A)).executeTakeFirstOrThrow()).id;
      const before = [await used(A), await used(B)];
      const moved = await change(o, { remove: [admission], add: [line('adult', B)] });
      expect(moved.res.status).toBe(403);
      expect(moved.res.body._data[0]).toMatchObject({ _code: 'self_edit_not_allowed', _context: 'cart_remove_tickets', _description: SELF_EDIT_TEXT.contactToReschedule });
      expect([await used(A), await used(B)]).toEqual(before);
      expect((await ticket(admission)).state).toBe('booked');
      // The add-on is not anchored by anything, but it was paid for and its event is `single`: it is not taken out either.
      const addOn = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', o.orderId).where('event_session_id', '=', addOnSession).executeTakeFirstOrThrow()).id;
      const dropped = await change(o, { remove: [addOn] });
      expect(dropped.res.status, JSON.stringify(dropped.res.body)).toBe(403);
      expect(dropped.res.body._data[0]).toMatchObject({ _code: 'self_edit_not_allowed', _extra: { ticket_id: addOn, reason: 'single_event' } });
      expect((await ticket(addOn)).state).toBe('booked');
    } finally {
      await t.db.updateTable('event_template').set({ meta }).where('id', '=', addOnEvent).execute();
      await t.db.updateTable('event_session').set(was).where('id', '=', addOnSession).execute();
      await setRules({ categories: ['Admission', 'Performances'], horizon_hours: 2 });
    }
  });

  it('a cancel and a reschedule of the same free ticket at once: exactly one wins, capacity consistent', async () => {
    const session = (await t.db.selectFrom('event_session').select(['id', 'used_capacity']).where('event_template_id', '=', ids.event('concert')).executeTakeFirstOrThrow());
    const companion = { ticket_type_id: ids.type('companion'), event_session_id: session.id };
    for (let round = 0; round < 3; round++) {
      const o = await order(`race-${round}@example.com`, [{ ticket_type_id: ids.type('adult'), event_session_id: session.id }, companion]);
      const free = (await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', o.orderId).where('ticket_type_id', '=', ids.type('companion')).executeTakeFirstOrThrow()).id;
      const usedNow = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session.id).executeTakeFirstOrThrow()).used_capacity;
      const before = await usedNow();
      const browser = new CartClient(t.app);
      const [cancel, resched] = await Promise.all([
        browser.call('POST', `/api/ticket_order/${o.orderId}/cancel?key=${o.key}`, { tickets: [{ ticket_id: free }] }),
        change(o, { remove: [free], add: [companion] }),
      ]);
      const cancelWon = cancel.status === 200 && cancel.body.cancelled === 1;
      const changeWon = resched.res.status === 200;
      expect(Number(cancelWon) + Number(changeWon), JSON.stringify([cancel.body, resched.res.body])).toBe(1);
      if (changeWon) {
        expect(cancel.body._data[0]._code).toBe('ticket_state_incorrect');
        expect(await usedNow()).toBe(before + 1);
        const done = await resched.c.call('POST', `/api/cart/${resched.cart.id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
        expect(done.body.outcome).toBe('completed');
        expect(await usedNow()).toBe(before);
      } else {
        expect(resched.res.body._data?.[0]?._code, `${resched.res.status} ${JSON.stringify(resched.res.body)}`).toBe('ticket_state_incorrect');
        expect(await usedNow()).toBe(before - 1);
      }
    }
  });

  it('with payment-method fees the change pays its own card fee on the difference; the order adds it to the fee of its first payment (docs/payments.md)', async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'payment_method_fees', value: JSON.stringify([{ pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 30, percent: 2 }]) }).execute();
    try {
      // A day of its own: the cases above filled A and B.
      const [d10, d14] = ['2026-06-06T14:00:00.000Z', '2026-06-06T18:00:00.000Z'];
      const o = await order('fees-change@example.com', [line('adult', d10), line('child', d10)]);
      const { c, cart } = await change(o, { remove: [o.child.id], add: [line('adult', d14)] });
      expect(cart.paymentDueByCreditCard).toBe('9.99'); // 9.50 + 0.30 + 0.19
      const paid = await payCard(c, cart.id, '9.50');
      expect(paid.body.outcome).toBe('completed');
      const fees = await t.db.selectFrom('payment').innerJoin('cart', 'cart.id', 'payment.cart_id').select(['payment.cart_id', 'payment.amount', 'payment.method_fee']).where('payment.status', '=', 'succeeded').where((eb) => eb.or([eb('cart.ticket_order_id', '=', o.orderId), eb('cart.edits_order_id', '=', o.orderId)])).execute();
      expect(fees.find((f) => f.cart_id === cart.id)).toMatchObject({ amount: 999, method_fee: 49 });
      const first = fees.find((f) => f.cart_id !== cart.id)!;
      expect(first.method_fee).toBeGreaterThan(0);
      const total = 49 + first.method_fee;
      expect(paid.body.ticket_order._data[0].ticket_order_fees).toEqual({
        total_after_fees_price: ((4000 + total) / 100).toFixed(2),
        total_payments: ((4000 + total) / 100).toFixed(2),
        total_outstanding: '0.00',
        total_payment_method_fees: (total / 100).toFixed(2),
      });
    } finally {
      await t.db.deleteFrom('config_entry').where('namespace', '=', 'payments').where('name', '=', 'payment_method_fees').execute();
    }
  });
});
