import { afterEach, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { CartClient, catalogIds } from './cart-client.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('holds expire on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  async function setup() {
    t = await testApp(dialect);
    const ids = await catalogIds(t.db);
    const session = ids.session('ga', GA_0604_18);
    const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow()).used_capacity;
    const line = { ticket_type_id: ids.type('adult'), event_session_id: session };
    return { ids, session, used, line };
  }

  it('an expired cart refuses changes; reads and the sweeper give its capacity back exactly once', async () => {
    const { ids, session, used, line } = await setup();
    const c = new CartClient(t.app);
    const cart = (await c.create([line, line, line])).body.cart._data[0];
    expect(await used()).toBe(3);
    t.clock.advance(30 * 60_000 + 1000);

    const late = await c.modify(cart.id, { add: [line] });
    expect(late.status).toBe(410);
    expect(late.body._data[0]._code).toBe('cart_expired');
    const read = await c.call('GET', `/api/cart/${cart.id}`);
    expect(read.body.cart._data[0]).toMatchObject({ state: 'expired', expires_in: 0 });

    // Before any sweep, reads already count the expired hold as free.
    const sessions = await getJson(t.app, `/api/events/${ids.event('ga')}/sessions?_ondate=2026-06-04`);
    expect(sessions.body.event_session._data.find((s: { id: string }) => s.id === session).availableCapacity).toBe(10);

    const [a, b] = await Promise.all([releaseExpiredCarts(t.db, t.dialect, t.clock.now), releaseExpiredCarts(t.db, t.dialect, t.clock.now)]);
    expect(a.tickets + b.tickets).toBe(3);
    expect(await used()).toBe(0);
    expect((await releaseExpiredCarts(t.db, t.dialect, t.clock.now)).tickets).toBe(0);
    expect(await used()).toBe(0);
    // Deleting afterwards gives nothing back twice.
    await c.call('DELETE', `/api/cart/${cart.id}`);
    expect(await used()).toBe(0);
  });

  it('a full session takes back expired holds when someone needs the room', async () => {
    const { used, line } = await setup();
    const first = new CartClient(t.app);
    expect((await first.create(Array.from({ length: 10 }, () => line))).status).toBe(200);
    const refused = await new CartClient(t.app).create([line]);
    expect(refused.body._data[0]._code).toBe('event_session_sold_out');
    t.clock.advance(31 * 60_000);
    const second = await new CartClient(t.app).create([line, line]);
    expect(second.status).toBe(200);
    expect(await used()).toBe(2);
  });

  it('the listing for a date counts a full session\'s expired, unswept holds as free', async () => {
    const { ids } = await setup();
    const concert = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('concert', '2026-06-04T23:30:00.000Z') };
    const listed = async () => (await getJson(t.app, '/api/events/available?_ondate=2026-06-04')).body.event_template._data.map((e: { id: string }) => e.id);
    expect(await listed()).toContain(ids.event('concert'));
    expect((await new CartClient(t.app).create(Array.from({ length: 100 }, () => concert))).status).toBe(200);
    expect(await listed()).not.toContain(ids.event('concert'));
    t.clock.advance(31 * 60_000);
    expect(await listed()).toContain(ids.event('concert'));
  });

  it('the configured hold time applies', async () => {
    const { line } = await setup();
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.updateTable('config_entry').set({ value: '2' }).where('resource_id', '=', seller.id).where('name', '=', 'hold_minutes').execute();
    const cart = (await new CartClient(t.app).create([line])).body.cart._data[0];
    expect(cart.expires_in).toBe(120);
  });
});
