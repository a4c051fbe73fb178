import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '@foyer/contracts';
import type { Browser } from './auth-harness.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { documentChecker, makeStaff, signedIn, type DocumentChecker } from './admin-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { SEATED_FIXTURE, seatIds } from './seat-harness.js';

/**
 * Moves and comps into a seated session (docs/box-office.md#seats): staff name the seats, reserved
 * as the storefront reserves them — a seat another live ticket holds is refused (409
 * seat_unavailable) and nothing changes; without seats the reserve's refusal; the old seat given
 * back once.
 */
describe.each(dialects())('seats in moves and comps on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let seat: (label: string) => string;
  let desk: Browser;
  let checker: DocumentChecker;
  let first: string;
  let second: string;
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: SEATED_FIXTURE });
    ids = await catalogIds(t.db);
    seat = await seatIds(t.db);
    [first, second] = (await t.db.selectFrom('event_session').select('id').orderBy('start_datetime').execute()).map((s) => s.id) as [string, string];
    desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
    checker = await documentChecker(t);
  });
  afterAll(() => t.close());

  /** A paid order (demo card) of adults in these seats of a session, by a fresh guest. */
  async function seatedOrder(session: string, labels: string[], email: string) {
    const c = new CartClient(t.app, `10.9.${labels.length}.${Math.floor(Math.random() * 250)}`);
    const cart = await c.create(labels.map((l) => ({ ticket_type_id: ids.type('adult'), event_session_id: session, handler_data: { seat_id: seat(l) } })));
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: cart.body.cart._data[0].cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    return paid.body.ticket_order._data[0].id as string;
  }
  const live = (session: string, label: string) =>
    t.db.selectFrom('ticket').select(['id', 'ticket_order_id']).where('seat_id', '=', seat(label)).where('event_session_id', '=', session).where('state', 'in', ['held', 'booked', 'redeemed', 'in_cart']).execute();
  const booked = (orderId: string) => t.db.selectFrom('ticket').select(['id', 'seat_id', 'event_session_id']).where('ticket_order_id', '=', orderId).where('state', '=', 'booked').orderBy('id').execute();
  const used = async (id: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', id).executeTakeFirstOrThrow()).used_capacity;

  it('moves seated tickets into the seats named; a taken seat or none refused with nothing changed; the old seats freed once', async () => {
    const orderId = await seatedOrder(first, ['A1', 'A2'], 'seated.mover@example.org');
    await seatedOrder(second, ['A3'], 'holder@example.org');
    const tickets = await booked(orderId);
    const [usedFirst, usedSecond] = [await used(first), await used(second)];
    const move = (body: Record<string, unknown>) => desk.post(`/api/admin/orders/${orderId}/move`, { ticket_ids: tickets.map((x) => x.id), event_session_id: second, reason: 'wrong night', ...body });

    const taken = await move({ seat_ids: [seat('A4'), seat('A3')] });
    expect([taken.status, taken.body._data[0]._code, taken.body._data[0]._description], JSON.stringify(taken.body)).toEqual([409, 'seat_unavailable', 'Sorry, that seat has just been taken. Please choose another.']);
    const none = await move({});
    expect([none.status, none.body._data[0]._code]).toEqual([400, 'validation_failed']);
    const short = await move({ seat_ids: [seat('A4')] });
    expect([short.status, short.body._data[0]._code]).toEqual([400, 'validation_failed']);
    expect(await booked(orderId)).toEqual(tickets);
    expect([await used(first), await used(second)]).toEqual([usedFirst, usedSecond]);
    expect(await live(second, 'A4')).toEqual([]);

    const res = await move({ seat_ids: [seat('A4'), seat('A6')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/orders/{id}/move', 200, res.body);
    const now = await booked(orderId);
    expect(now.map((x) => [x.event_session_id, x.seat_id]).sort()).toEqual([
      [second, seat('A4')],
      [second, seat('A6')],
    ]);
    expect([(await live(first, 'A1')).length, (await live(first, 'A2')).length]).toEqual([0, 0]);
    expect([await used(first), await used(second)]).toEqual([usedFirst - 2, usedSecond + 2]);
    // The freed seats sell again.
    await seatedOrder(first, ['A1'], 'next@example.org');
  });

  it("says which tickets and ticket types are seated: the order page's tickets and the sessions' types (the screens' cue to ask for seats)", async () => {
    const orderId = await seatedOrder(first, ['A9'], 'seated.reader@example.org');
    const group = await t.db.selectFrom('ticket').select('ticket_group_id').where('ticket_order_id', '=', orderId).executeTakeFirstOrThrow();
    const order = await desk.get(`/api/admin/orders/${orderId}`);
    expect(order.status).toBe(200);
    checker.check('GET', '/admin/orders/{id}', 200, order.body);
    expect(order.body.tickets.map((x: { ticket_group_id: string; seated: boolean }) => [x.ticket_group_id, x.seated])).toEqual([[group.ticket_group_id, true]]);
    const { start_datetime, event_template_id } = await t.db.selectFrom('event_session').select(['start_datetime', 'event_template_id']).where('id', '=', first).executeTakeFirstOrThrow();
    const zone = (await t.db.selectFrom('seller').select('timezone').orderBy('id').executeTakeFirstOrThrow()).timezone;
    const day = new Date(start_datetime).toLocaleDateString('en-CA', { timeZone: zone });
    const sessions = await desk.get(`/api/admin/sessions?date=${day}&event_id=${event_template_id}`);
    expect(sessions.status, JSON.stringify(sessions.body)).toBe(200);
    checker.check('GET', '/admin/sessions', 200, sessions.body);
    const row = sessions.body.admin_session._data.find((x: { id: string }) => x.id === first);
    expect(row.ticket_types).toContainEqual({ id: ids.type('adult'), name: expect.any(String), ticket_group_id: group.ticket_group_id, seated: true });
  });

  it('issues comps into the seats named, refused whole when one is taken', async () => {
    const comp = (seats: string[]) => desk.post('/api/admin/comps', { items: [{ ticket_type: ids.type('adult'), session: second, quantity: seats.length }], seat_ids: seats.map(seat), reason: 'press night' });
    const before = await used(second);
    const clash = await comp(['A7', 'A3']);
    expect([clash.status, clash.body._data[0]._code, clash.body._data[0]._description], JSON.stringify(clash.body)).toEqual([409, 'seat_unavailable', 'Sorry, that seat has just been taken. Please choose another.']);
    // A seat the tickets' group does not sell (row B is Standard) is refused too.
    const notSold = await comp(['B1']);
    expect([notSold.status, notSold.body._data[0]._code, notSold.body._data[0]._description]).toEqual([409, 'seat_unavailable', 'This seat is not sold with these tickets.']);
    expect(await live(second, 'A7')).toEqual([]);
    expect(await used(second)).toBe(before);
    const wrongCount = await desk.post('/api/admin/comps', { items: [{ ticket_type: ids.type('adult'), session: second, quantity: 2 }], seat_ids: [seat('A7')], reason: 'x' });
    expect([wrongCount.status, wrongCount.body._data[0]._code]).toEqual([400, 'validation_failed']);

    const made = await comp(['A7', 'A8']);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    checker.check('POST', '/admin/comps', 200, made.body);
    const orderId = made.body.admin_comp.order_id as string;
    expect((await booked(orderId)).map((x) => x.seat_id).sort()).toEqual([seat('A7'), seat('A8')].sort());
    expect(await used(second)).toBe(before + 2);
  });
});
