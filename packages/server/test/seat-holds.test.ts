import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { SEATED_FIXTURE, seatIds } from './seat-harness.js';

/** Holding seats (issue 15): one live ticket per session and seat, capacity taken too, released exactly once. */
describe.each(dialects())('seat holds on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let seat: (label: string) => string;
  let session: string;
  let later: string;
  beforeAll(async () => {
    t = await testApp(dialect, { catalog: SEATED_FIXTURE });
    ids = await catalogIds(t.db);
    seat = await seatIds(t.db);
    [session, later] = (await t.db.selectFrom('event_session').select('id').orderBy('start_datetime').execute()).map((s) => s.id);
  });
  afterAll(() => t.close());

  const adult = (label: string, sessionId = session) => ({ ticket_type_id: ids.type('adult'), event_session_id: sessionId, handler_data: { seat_id: seat(label) } });
  const states = async (sessionId = session, prefix = '/api') => {
    const res = await new CartClient(t.app).call('GET', `${prefix}/events/${ids.event('recital')}/sessions/${sessionId}/seat_map?_withgeometry=true`);
    const byId = new Map((res.body.seat._data as { id: string; state: string }[]).map((s) => [s.id, s.state]));
    return (label: string) => byId.get(seat(label));
  };
  const used = async (sessionId = session) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', sessionId).executeTakeFirstOrThrow()).used_capacity;
  const groupUsed = async (group: string, sessionId = session) =>
    (await t.db.selectFrom('session_group_usage').select('used_capacity').where('event_session_id', '=', sessionId).where('ticket_group_id', '=', ids.group('recital', group)).executeTakeFirst())?.used_capacity ?? 0;
  const liveTickets = async () => (await t.db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('n')).where('event_session_id', '=', session).where('state', 'in', ['held', 'booked']).executeTakeFirstOrThrow()).n;

  it('a seated ticket names its seat, of its group\'s zones and on sale; the spec\'s text when none is named', async () => {
    const c = new CartClient(t.app);
    const none = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: session }]);
    expect(none.status).toBe(400);
    expect(none.body._data[0]).toMatchObject({ _code: 'validation_failed', _description: 'Not enough seats for Premium Adult', _extra: { index: 0, field: 'seat_id' } });
    // B is the Standard zone; A5 is killed; a made-up seat.
    for (const label of ['B1', 'A5', 'Z9']) {
      const res = await c.create([adult(label)]);
      expect(res.status, label).toBe(409);
      expect(res.body._data[0]._code).toBe('seat_unavailable');
    }
    expect(await liveTickets()).toBe(0);
    expect(await used()).toBe(0);
  });

  it('holds a seat for one cart only: the second buyer gets seat_unavailable and nothing of their request is kept', async () => {
    const first = new CartClient(t.app);
    const held = await first.create([adult('A1'), adult('A2')]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    // The cart names each ticket's seat, and lists the seats (section, row, name).
    expect(held.body.ticket._data.map((x: { seat_id: string }) => x.seat_id)).toEqual([seat('A1'), seat('A2')]);
    expect(held.body.seat._data).toEqual([
      { id: seat('A1'), section: 'Stalls', row: 'A', name: '1', zone: 'premium' },
      { id: seat('A2'), section: 'Stalls', row: 'A', name: '2', zone: 'premium' },
    ]);
    expect(await used()).toBe(2);
    expect(await groupUsed('premium')).toBe(2);
    const state = await states();
    expect([state('A1'), state('A2'), state('A3')]).toEqual(['unavailable', 'unavailable', 'available']);

    const second = new CartClient(t.app);
    const refused = await second.create([adult('A3'), adult('A2')]);
    expect(refused.status).toBe(409);
    expect(refused.body._data[0]).toMatchObject({ _code: 'seat_unavailable', _description: 'Sorry, that seat has just been taken. Please choose another.' });
    expect(await used()).toBe(2);
    expect((await states())('A3')).toBe('available');

    // The same seat twice in one request; the same seat in another session is another seat.
    expect((await second.create([adult('A4'), adult('A4')])).body._data[0]._code).toBe('seat_unavailable');
    const other = await second.create([adult('A1', later)]);
    expect(other.status).toBe(200);

    // Removing a ticket frees its seat and gives back its capacity, once.
    const cartId = held.body.cart._data[0].id;
    const a2 = held.body.ticket._data.find((x: { handler: string; id: string }, i: number) => i === 1).id;
    expect((await first.modify(cartId, { remove: [a2] })).status).toBe(200);
    expect((await states())('A2')).toBe('available');
    expect(await used()).toBe(1);
    expect(await groupUsed('premium')).toBe(1);
    expect((await first.modify(cartId, { remove: [a2] })).status).toBe(404);
    expect(await used()).toBe(1);
    const taken = await second.create([adult('A2')]);
    expect(taken.status).toBe(200);
    await second.call('DELETE', `/api/my/cart/${taken.body.cart._data[0].id}`);
    await first.call('DELETE', `/api/my/cart/${cartId}`);
    await second.call('DELETE', `/api/my/cart/${other.body.cart._data[0].id}`);
    expect(await used()).toBe(0);
    expect(await liveTickets()).toBe(0);
  });

  it('an expired hold shows free at once and is given to the next buyer; the sweeper then releases nothing twice', async () => {
    const first = new CartClient(t.app);
    expect((await first.create([adult('A6')])).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await states())('A6')).toBe('available');
    const next = new CartClient(t.app);
    const res = await next.create([adult('A6')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await used()).toBe(1);
    expect(await releaseExpiredCarts(t.db, t.dialect, t.clock.now)).toMatchObject({ tickets: 0 });
    expect(await used()).toBe(1);
    expect((await states())('A6')).toBe('unavailable');
    await next.call('DELETE', `/api/my/cart/${res.body.cart._data[0].id}`);
    expect(await used()).toBe(0);
  });

  it('a booked seat is sold out (the cached seat map too, at once); cancelling its (free) ticket frees the seat once', async () => {
    const c = new CartClient(t.app);
    const cart = await c.create([adult('A7'), { ticket_type_id: ids.type('wheelchair'), event_session_id: session, handler_data: { seat_id: seat('CW1') } }]);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    // Held: unavailable, and now in the response cache (the test's clock stands still: only a write's note drops it).
    expect((await states(session, '/cached_api'))('A7')).toBe('unavailable');
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'seats@example.com' });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    expect(paid.body.seat._data.map((x: { row: string; name: string }) => `${x.row}${x.name}`).sort()).toEqual(['A7', 'CW1']);
    const order = await c.call('GET', `/api/ticket_order/${paid.body.ticket_order._data[0].id}`);
    expect(order.body.seat._data).toHaveLength(2);
    let state = await states();
    expect([state('A7'), state('CW1')]).toEqual(['booked', 'booked']);
    // Paying changed no capacity, but booked the seats: the cached map forgot its answer (orders.repository.ts bookTicket).
    expect((await states(session, '/cached_api'))('A7')).toBe('booked');
    expect(await used()).toBe(2);

    const wheelchair = (paid.body.ticket._data as { id: string; ticket_type_id: string }[]).find((x) => x.ticket_type_id === ids.type('wheelchair'))!.id;
    const orderId = paid.body.ticket_order._data[0].id;
    const cancel = () => c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: wheelchair }] });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    state = await states();
    expect([state('A7'), state('CW1')]).toEqual(['booked', 'available']);
    expect(await used()).toBe(1);
    expect(await groupUsed('access')).toBe(0);
    expect((await new CartClient(t.app).create([{ ticket_type_id: ids.type('wheelchair'), event_session_id: session, handler_data: { seat_id: seat('CW1') } }])).status).toBe(200);
  });
});

describe.each(dialects())('the seat race on %s', (dialect) => {
  it('200 buyers for the same 2 seats over real HTTP: exactly one cart gets them, the rest are told the seat is taken', async () => {
    const t = await testApp(dialect, { catalog: SEATED_FIXTURE });
    try {
      const ids = await catalogIds(t.db);
      const seat = await seatIds(t.db);
      const session = (await t.db.selectFrom('event_session').select('id').orderBy('start_datetime').executeTakeFirstOrThrow()).id;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      // Half ask for the seats in one order, half in the other (no deadlock on PostgreSQL).
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const labels = i % 2 ? ['B3', 'B4'] : ['B4', 'B3'];
          const res = await fetch(`http://127.0.0.1:${port}/api/my/cart/modify`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', app: 'ecomm' },
            body: JSON.stringify({ add: labels.map((l) => ({ ticket_type_id: ids.type('adult-std'), event_session_id: session, handler_data: { seat_id: seat(l) } })) }),
          });
          const body = (await res.json()) as { _data?: { _code: string }[] };
          return { status: res.status, code: body._data?.[0]?._code ?? null };
        }),
      );
      const ok = results.filter((r) => r.status === 200);
      const taken = results.filter((r) => r.status === 409 && r.code === 'seat_unavailable');
      expect(results.filter((r) => !ok.includes(r) && !taken.includes(r))).toEqual([]);
      expect([ok.length, taken.length]).toEqual([1, 199]);
      const live = await t.db.selectFrom('ticket').select(['cart_id', 'seat_id']).where('event_session_id', '=', session).where('state', '=', 'held').execute();
      expect(live).toHaveLength(2);
      expect(new Set(live.map((l) => l.cart_id)).size).toBe(1);
      const row = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow();
      expect(row.used_capacity).toBe(2);
      const group = await t.db.selectFrom('session_group_usage').select('used_capacity').where('event_session_id', '=', session).executeTakeFirstOrThrow();
      expect(group.used_capacity).toBe(2);
    } finally {
      await t.close();
    }
  });
});
