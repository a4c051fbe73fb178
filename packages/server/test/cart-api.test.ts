import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

// Clock: 2026-06-01 12:00 New York. Day 3 (06-04) 18:00 local = 22:00Z is a GA session with 10 seats.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';
const GA_0602_14 = '2026-06-02T18:00:00.000Z'; // 7 of 10 used
const GA_0602_10 = '2026-06-02T14:00:00.000Z'; // sold out
const GA_0601_10 = '2026-06-01T14:00:00.000Z'; // already started
const WORKSHOP = '2026-06-06T14:00:00.000Z';

describe.each(dialects())('cart on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const adult = (session = GA_0604_18) => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', session) });
  const child = (session = GA_0604_18) => ({ ticket_type_id: ids.type('child'), event_session_id: ids.session('ga', session) });
  const used = async (start: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('ga', start)).executeTakeFirstOrThrow()).used_capacity;

  it('creates a cart for a new guest, sets the identity cookie and holds the tickets', async () => {
    const c = new CartClient(t.app);
    const res = await c.create([adult(), adult(), child()]);
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/^foyer_identity=.+HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=Lax/i);
    const cart = res.body.cart._data[0];
    expect(cart).toMatchObject({ state: 'pending', expires_in: 1800, expires_at: '2026-06-01T16:30:00.000Z' });
    expect(cart.cart_number).toMatch(/^\d+$/);
    expect(cart.cart_fees).toEqual({
      gateway_id: 'demo',
      account_id: null,
      face_value: '50.50',
      total_before_cartmod_price: '50.50',
      total_fee_fixed_outside: '0.00',
      total_fee_percent_outside: '0.00',
      total_cartmod_amount: '0.00',
      total_payments: '0.00',
      total_outstanding: '50.50',
      total_payment_method_fees: '0.00',
    });
    expect(res.body.ticket._data).toHaveLength(3);
    expect(res.body.ticket._data[0]).toMatchObject({ state: 'held', face_value: '20.00', adjusted_value: '20.00', event_session_id: ids.session('ga', GA_0604_18) });
    expect(res.body.event_session._data[0].startTime).toBe('18:00');
    expect(res.body.event_template._data[0].name).toBe('General Admission');
    expect(await used(GA_0604_18)).toBe(3);

    const read = await c.call('GET', `/api/my/cart/${cart.id}?_embed=ticket.ticket_type,seller,event_template.venue&_limit=1000`);
    expect(read.status).toBe(200);
    expect(read.body.ticket_type._data.map((x: { name: string }) => x.name).sort()).toEqual(['Adult', 'Child']);
    expect(read.body.seller._data[0].timezone).toBe('America/New_York');

    // Remove one, then delete the cart: capacity comes back exactly.
    const removed = await c.modify(cart.id, { remove: [res.body.ticket._data[2].id] });
    expect(removed.body.ticket._data).toHaveLength(2);
    expect(await used(GA_0604_18)).toBe(2);
    expect((await c.call('DELETE', `/api/my/cart/${cart.id}?_all_tickets=T`)).status).toBe(200);
    expect(await used(GA_0604_18)).toBe(0);
    expect((await c.call('GET', `/api/cart/${cart.id}`)).status).toBe(404);
  });

  it('refuses another identity, and a missing cookie, in the envelope', async () => {
    const owner = new CartClient(t.app);
    const cartId = (await owner.create([adult()])).body.cart._data[0].id;
    const stranger = new CartClient(t.app);
    await stranger.create([child()]);
    for (const res of [
      await stranger.call('GET', `/api/my/cart/${cartId}`),
      await stranger.modify(cartId, { add: [adult()] }),
      await stranger.call('DELETE', `/api/cart/${cartId}`),
      await new CartClient(t.app).call('GET', `/api/cart/${cartId}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body._data[0]._code).toBe('scope_error');
    }
    const mine = await owner.call('GET', `/api/cart/${cartId}`);
    expect(mine.body.ticket._data).toHaveLength(1);
  });

  it('adding extends the whole cart', async () => {
    const c = new CartClient(t.app);
    const first = await c.create([adult()]);
    const cartId = first.body.cart._data[0].id;
    expect(first.body.cart._data[0].expires_at).toBe('2026-06-01T16:30:00.000Z');
    t.clock.advance(10 * 60_000);
    try {
      const again = await c.modify(cartId, { add: [child()] });
      expect(again.body.cart._data[0]).toMatchObject({ expires_at: '2026-06-01T16:40:00.000Z', expires_in: 1800 });
      const read = await c.call('GET', `/api/cart/${cartId}`);
      expect(read.body.cart._data[0].expires_in).toBe(1800);
    } finally {
      t.clock.now = new Date('2026-06-01T16:00:00.000Z');
    }
    await c.call('DELETE', `/api/cart/${cartId}`);
  });

  it.each([
    ['sold-out session', () => [adult(GA_0602_10)], 409, 'event_session_sold_out'],
    ['more than the session has left', () => [adult(GA_0602_14), adult(GA_0602_14), adult(GA_0602_14), adult(GA_0602_14)], 409, 'session_capacity_exceeded'],
    ['a session that has started', () => [adult(GA_0601_10)], 400, 'validation_failed'],
    ['more than the group allows per order', () => Array.from({ length: 11 }, () => adult()), 400, 'max_tickets_per_order_exceeded'],
    ['more than the type rule allows', () => Array.from({ length: 5 }, () => child()), 400, 'max_tickets_per_order_exceeded'],
    ['an unknown ticket type', () => [{ ticket_type_id: 'nope', event_session_id: ids.session('ga', GA_0604_18) }], 400, 'validation_failed'],
    ['an unknown session', () => [{ ticket_type_id: ids.type('adult'), event_session_id: 'nope' }], 400, 'validation_failed'],
    ['a type not sold at that event', () => [{ ticket_type_id: ids.type('donation'), event_session_id: ids.session('ga', GA_0604_18) }], 400, 'validation_failed'],
    ['a members-only type for a guest', () => [{ ticket_type_id: ids.type('member'), event_session_id: ids.session('ga', GA_0604_18) }], 400, 'validation_failed'],
    ['a timed ticket without a session', () => [{ ticket_type_id: ids.type('adult') }], 400, 'validation_failed'],
    ['a group below its order minimum', () => [{ ticket_type_id: ids.type('child'), event_session_id: ids.session('workshop', WORKSHOP) }], 400, 'min_tickets_per_order_not_met'],
    ['a named ticket without a name', () => [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('workshop', WORKSHOP) }, { ticket_type_id: ids.type('child'), event_session_id: ids.session('workshop', WORKSHOP) }], 400, 'validation_failed'],
    ['a group before its sales start', () => [{ ticket_type_id: ids.type('vip'), event_session_id: ids.session('workshop', WORKSHOP) }], 400, 'rule_blocks_reserve'],
    ['a flexible price outside min/max', () => [{ ticket_type_id: ids.type('donation'), face_value: '1.00' }], 400, 'validation_failed'],
    ['a flexible price with 3 decimals', () => [{ ticket_type_id: ids.type('donation'), face_value: '10.005' }], 400, 'validation_failed'],
    ['a flexible price missing', () => [{ ticket_type_id: ids.type('donation') }], 400, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_name, add, status, code) => {
    const before = await t.db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const usedBefore = [await used(GA_0604_18), await used(GA_0602_14)];
    const res = await new CartClient(t.app).create(add());
    expect(res.status).toBe(status);
    expect(res.body._data[0]._code).toBe(code);
    expect(res.body._data[0]._description.length).toBeGreaterThan(10);
    const after = await t.db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect([await used(GA_0604_18), await used(GA_0602_14)]).toEqual(usedBefore);
  });

  it('says "Value entered is outside min/max" for a flexible price out of range', async () => {
    const res = await new CartClient(t.app).create([{ ticket_type_id: ids.type('donation'), face_value: '600' }]);
    expect(res.body._data[0]._description).toBe('Value entered is outside min/max');
  });

  it('charges the discounted amount when a type has one', async () => {
    const res = await new CartClient(t.app).create([{ ticket_type_id: ids.type('student'), event_session_id: ids.session('hot', '2026-06-07T14:00:00.000Z') }]);
    expect(res.body.ticket._data[0]).toMatchObject({ face_value: '12.00' });
    expect(res.body.cart._data[0].cart_fees.total_outstanding).toBe('12.00');
  });

  it('takes a flexible amount, and sessionless tickets need no session', async () => {
    const res = await new CartClient(t.app).create([{ ticket_type_id: ids.type('donation'), face_value: '25.5' }]);
    expect(res.status).toBe(200);
    expect(res.body.ticket._data[0]).toMatchObject({ face_value: '25.50', event_session_id: null, handler: 'donation' });
  });

  it('caps a group by its own capacity even when the session has room', async () => {
    const vip = { ticket_type_id: ids.type('vip'), event_session_id: ids.session('ga', GA_0602_10) };
    const c = new CartClient(t.app);
    const two = await c.create([vip, vip]);
    expect(two.status).toBe(200); // excluded from event capacity: the full session does not matter
    const third = await new CartClient(t.app).create([vip]);
    expect(third.status).toBe(409);
    expect(third.body._data[0]._code).toBe('ticket_group_sold_out');
    await c.call('DELETE', `/api/cart/${two.body.cart._data[0].id}`);
    expect((await new CartClient(t.app).create([vip])).status).toBe(200);
  });

  it('keeps attendee details and survey answers; refuses bad answers', async () => {
    const s = ids.session('workshop', WORKSHOP);
    const c = new CartClient(t.app);
    const lines = [
      { ticket_type_id: ids.type('adult'), event_session_id: s, admit_name: 'Ada Lovelace', admit_email: 'ada@example.org' },
      { ticket_type_id: ids.type('child'), event_session_id: s },
    ];
    const group = ids.group('workshop', 'ws');
    // docs/events.md#attendees-and-surveys: a group with required questions is not held without their answers.
    const unanswered = await c.create(lines);
    expect(unanswered.status).toBe(400);
    expect(unanswered.body._data[0]).toMatchObject({ _code: 'additional_info_validation_failed', _extra: { field: 'age' } });
    const res = await c.create(lines, { additionalInfo: [{ ticket_group_id: group, data: { age: 5 } }] });
    expect(res.status).toBe(200);
    expect(res.body.ticket._data[0]).toMatchObject({ admit_name: 'Ada Lovelace', admit_email: 'ada@example.org' });
    const cartId = res.body.cart._data[0].id;
    const bad = await c.modify(cartId, { additionalInfo: [{ ticket_group_id: group, data: { diet: 'vegan' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body._data[0]).toMatchObject({ _code: 'additional_info_validation_failed', _extra: { field: 'age' } });
    const outOfRange = await c.modify(cartId, { additionalInfo: [{ ticket_group_id: group, data: { age: '30' } }] });
    expect(outOfRange.body._data[0]._code).toBe('additional_info_validation_failed');
    const good = await c.modify(cartId, { additionalInfo: [{ ticket_group_id: group, data: { age: '7', diet: '' } }] });
    expect(good.status).toBe(200);
    expect(good.body.cart._data[0].additional_info).toEqual([{ ticket_group_id: group, data: { age: 7 } }]);
    // Removing below the group minimum is refused too.
    const drop = await c.modify(cartId, { remove: [res.body.ticket._data[1].id] });
    expect(drop.body._data[0]._code).toBe('min_tickets_per_order_not_met');
  });

  it.each([
    [{ add: [{ ticket_type_id: 5 }] }],
    [{ add: 'lots' }],
    [{ add: [], surprise: true }],
    [{ remove: ['x'.repeat(100)] }],
  ])('refuses a malformed body %j', async (body) => {
    const res = await new CartClient(t.app).call('POST', '/api/my/cart/modify', body);
    expect(res.status).toBe(400);
    expect(res.body._data[0]._code).toBe('validation_failed');
  });

  it('refuses removing a ticket that is not in the cart', async () => {
    const c = new CartClient(t.app);
    const cartId = (await c.create([adult()])).body.cart._data[0].id;
    const res = await c.modify(cartId, { remove: ['01900000-0000-7000-8000-000000000000'] });
    expect(res.status).toBe(404);
    expect(res.body._data[0]._code).toBe('ticket_not_found');
  });
});
