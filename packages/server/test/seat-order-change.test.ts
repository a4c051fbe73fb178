import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { uuidv7 } from '../src/ids.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { FakeStripe } from './fake-stripe.js';
import { paidOrderWithKey, payByCard } from './paid-order.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { SEATED_FIXTURE, seatIds } from './seat-harness.js';

/**
 * A seated ticket a self-edit change has taken out (state in_cart, 0019) keeps its seat until the
 * change is confirmed — then the seat and its places are given back exactly once — or discarded
 * or expired — then the order keeps ticket and seat, and nothing is given back (issue 15: "free
 * the seat exactly once"). Seated groups are not self-editable (docs/seating.md#3-storefront: only `tickets` handlers;
 * the modify refuses them, checked first), so the take-out is done here as takeOrderTickets does
 * it (booked → in_cart on the change cart, the cart's credit); the rest runs through the real
 * routes, the sweeper and the card payment against the local Stripe fake.
 */
describe.each(dialects())('a seated ticket taken out by an order change on %s', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  let seat: (label: string) => string;
  let session: string;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { catalog: SEATED_FIXTURE, env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    seat = await seatIds(t.db);
    session = (await t.db.selectFrom('event_session').select('id').orderBy('start_datetime').executeTakeFirstOrThrow()).id;
    // Self-edit on for the seller (a change cart can be made); its categories cannot make a seated ticket eligible.
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Admission', 'Performances'], horizon_hours: 2 }) }).execute();
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const adult = (label: string) => ({ ticket_type_id: ids.type('adult'), event_session_id: session, handler_data: { seat_id: seat(label) } });
  const payCard = (c: CartClient, cartId: string, amount: string) => payByCard(t, c, cartId, amount);
  /** What the session's and the Premium group's places and the seats' live holders say. */
  const places = async () => {
    const s = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow();
    const g = await t.db.selectFrom('session_group_usage').selectAll().where('event_session_id', '=', session).where('ticket_group_id', '=', ids.group('recital', 'premium')).executeTakeFirst();
    return { session: s.used_capacity, group: g?.used_capacity ?? null };
  };
  const holders = (label: string) =>
    t.db.selectFrom('ticket').select(['id', 'state']).where('seat_id', '=', seat(label)).where('event_session_id', '=', session).where('state', 'in', ['held', 'booked', 'redeemed', 'in_cart']).execute();
  const letter = async (label: string) => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: `/api/events/${ids.event('recital')}/sessions/${session}/seat_map?_withgeometry=true` })).body);
    return (doc.seat._data as { id: string; state: string }[]).find((s) => s.id === seat(label))!.state;
  };

  /** A paid order of seated tickets and its manage key (from the confirmation e-mail). */
  async function order(email: string, labels: string[]) {
    const { paid, orderId, key } = await paidOrderWithKey(t, email, labels.map(adult));
    const tickets = paid.body.ticket._data as { id: string; seat_id: string }[];
    return { orderId, key, ticketOf: (label: string) => tickets.find((x) => x.seat_id === seat(label))!.id };
  }

  /** A change cart for the order that adds a seat and takes `out` out of the order (as takeOrderTickets would). */
  async function change(o: Awaited<ReturnType<typeof order>>, add: string, out: string) {
    const c = new CartClient(t.app);
    // docs/seating.md#3-storefront: the storefront's modify refuses to take a seated ticket out.
    const refused = await c.call('POST', `/api/cart/modify?key=${o.key}`, { ticket_order_id: o.orderId, remove: [o.ticketOf(out)] });
    expect(refused.status).toBe(403);
    expect(refused.body._data[0]._code).toBe('self_edit_not_allowed');
    const res = await c.call('POST', `/api/cart/modify?key=${o.key}`, { ticket_order_id: o.orderId, add: [adult(add)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cartId = res.body.cart._data[0].id as string;
    const taken = await t.db.updateTable('ticket').set({ state: 'in_cart', change_cart_id: cartId }).where('id', '=', o.ticketOf(out)).where('state', '=', 'booked').returning(['adjusted_value', 'fee_fixed_outside', 'fee_percent_outside']).execute();
    expect(taken).toHaveLength(1);
    await t.db.updateTable('cart').set({ credit: taken[0].adjusted_value + taken[0].fee_fixed_outside + taken[0].fee_percent_outside }).where('id', '=', cartId).execute();
    return { c, cartId };
  }

  it('confirmed: the taken-out seat is freed and its places given back once; confirming again, deleting or expiring the cart gives nothing more', async () => {
    const o = await order('confirm@example.com', ['A1', 'A2']);
    const before = await places();
    const { c, cartId } = await change(o, 'A3', 'A2');
    // Both held while the change is open: the old seat stays the buyer's.
    expect(await places()).toMatchObject({ session: before.session + 1 });
    expect(await holders('A2')).toEqual([{ id: o.ticketOf('A2'), state: 'in_cart' }]);
    expect(await letter('A2')).toBe('booked');

    const cart = (await c.call('GET', `/api/my/cart/${cartId}`)).body.cart._data[0];
    const outstanding = Number(cart.outstandingBalance);
    const done = outstanding > 0 ? await payCard(c, cartId, cart.outstandingBalance) : await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(done.body.outcome, JSON.stringify(done.body)).toBe('completed');
    expect(await holders('A2')).toEqual([]);
    expect(await letter('A2')).toBe('available');
    expect(await letter('A3')).toBe('booked');
    const after = await places();
    expect(after).toEqual({ session: before.session, group: before.group });

    // Nothing frees it (or its places) a second time.
    const again = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(again.status).toBeLessThan(500);
    await c.call('DELETE', `/api/my/cart/${cartId}`);
    t.clock.advance(2 * 60 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    expect(await places()).toEqual(after);
    expect((await t.db.selectFrom('ticket').select('state').where('id', '=', o.ticketOf('A2')).executeTakeFirstOrThrow()).state).toBe('cancelled');
    // Free for the next buyer, once.
    const buyer = new CartClient(t.app);
    const next = await buyer.create([adult('A2')]);
    expect(next.status).toBe(200);
    expect(await places()).toMatchObject({ session: after.session + 1 });
    await buyer.call('DELETE', `/api/my/cart/${next.body.cart._data[0].id}`);
    expect(await places()).toEqual(after);
  });

  it('discarded or expired: the order keeps the ticket and its seat, and nothing is given back (the change\'s own new seat is)', async () => {
    const o = await order('discard@example.com', ['A6', 'A7']);
    const before = await places();

    const discarded = await change(o, 'A8', 'A7');
    expect(await places()).toMatchObject({ session: before.session + 1 });
    expect((await discarded.c.call('DELETE', `/api/my/cart/${discarded.cartId}`)).status).toBeLessThan(300);
    expect(await holders('A7')).toEqual([{ id: o.ticketOf('A7'), state: 'booked' }]);
    expect(await holders('A8')).toEqual([]);
    expect(await places()).toEqual(before);
    await discarded.c.call('DELETE', `/api/my/cart/${discarded.cartId}`);
    expect(await places()).toEqual(before);

    await change(o, 'A9', 'A6');
    expect(await holders('A6')).toEqual([{ id: o.ticketOf('A6'), state: 'in_cart' }]);
    t.clock.advance(2 * 60 * 60_000);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
    expect(await holders('A6')).toEqual([{ id: o.ticketOf('A6'), state: 'booked' }]);
    expect(await holders('A9')).toEqual([]);
    expect(await places()).toEqual(before);
    // The seat is still sold: another buyer cannot have it.
    const taken = await new CartClient(t.app).create([adult('A6')]);
    expect(taken.status).toBe(409);
    expect(taken.body._data[0]._code).toBe('seat_unavailable');
  });
});
