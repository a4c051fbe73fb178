import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z'; // capacity 100

/** A client at one address: keeps its identity cookie (or not, like a script). */
function client(t: TestApp, ip: string, keepCookie = true) {
  let cookie: string | null = null;
  return async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers: { app: 'ecomm', ...(cookie ? { cookie } : {}) } });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (keepCookie && first) cookie = first.split(';')[0];
    return { status: res.statusCode, body: JSON.parse(res.body), retryAfter: res.headers['retry-after'] };
  };
}

describe.each(dialects())('limits on live holds (%s)', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_MAX_HELD_TICKETS_PER_CART: '5', FOYER_MAX_HELD_TICKETS_PER_IP: '8', FOYER_CARTS_PER_IP_PER_HOUR: '1000' } });
    ids = await catalogIds(t.db);
  });
  afterAll(() => t.close());

  const tickets = (n: number) => Array.from({ length: n }, () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }));
  const refusedForHolds = (res: { status: number; body: { _data: { _code: string; _extra: { limit: number } }[] }; retryAfter: unknown }, limit: number) => {
    expect(res.status).toBe(429);
    expect(res.body._data[0]).toMatchObject({ _code: 'rate_limited', _context: 'cart_reserve', _extra: { limit } });
    expect(Number(res.retryAfter)).toBeGreaterThan(0);
  };

  it('per cart and identity: at most FOYER_MAX_HELD_TICKETS_PER_CART live held tickets; removing makes room', async () => {
    const call = client(t, '10.1.0.1');
    const cart = await call('/api/my/cart/modify', { add: tickets(3) });
    expect(cart.status).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    expect((await call(`/api/my/cart/${cartId}/modify`, { add: tickets(2) })).status).toBe(200);
    refusedForHolds(await call(`/api/my/cart/${cartId}/modify`, { add: tickets(1) }), 5);
    // A second cart of the same identity shares the limit.
    refusedForHolds(await call('/api/my/cart/modify', { add: tickets(1) }), 5);
    const held = (await t.db.selectFrom('ticket').select('id').where('cart_id', '=', cartId).execute()).map((r) => r.id);
    expect(held).toHaveLength(5);
    expect((await call(`/api/my/cart/${cartId}/modify`, { remove: [held[0]], add: tickets(1) })).status).toBe(200);
  });

  it('per address: cookie-less calls from one address hold at most FOYER_MAX_HELD_TICKETS_PER_IP; other addresses are not affected', async () => {
    const script = client(t, '10.2.0.1', false);
    expect((await script('/api/my/cart/modify', { add: tickets(4) })).status).toBe(200);
    expect((await script('/api/my/cart/modify', { add: tickets(4) })).status).toBe(200);
    refusedForHolds(await script('/api/my/cart/modify', { add: tickets(1) }), 8);
    expect((await client(t, '10.2.0.2', false)('/api/my/cart/modify', { add: tickets(4) })).status).toBe(200);
  });

  it('holds racing from one address cannot pass the limit together', async () => {
    // Six visitors behind one address hold one ticket each, then all add one more at once: the
    // address has room for two.
    const visitors = Array.from({ length: 6 }, () => client(t, '10.3.0.1'));
    const carts: string[] = [];
    for (const visit of visitors) carts.push((await visit('/api/my/cart/modify', { add: tickets(1) })).body.cart._data[0].id);
    const results = await Promise.all(visitors.map((visit, i) => visit(`/api/my/cart/${carts[i]}/modify`, { add: tickets(1) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it('holds that ran out count no more', async () => {
    const script = client(t, '10.4.0.1', false);
    expect((await script('/api/my/cart/modify', { add: tickets(5) })).status).toBe(200);
    expect((await script('/api/my/cart/modify', { add: tickets(3) })).status).toBe(200);
    refusedForHolds(await script('/api/my/cart/modify', { add: tickets(1) }), 8);
    t.clock.advance(31 * 60_000);
    expect((await script('/api/my/cart/modify', { add: tickets(5) })).status).toBe(200);
  });
});

describe.each(dialects())('limit on new carts per address (%s)', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_CARTS_PER_IP_PER_HOUR: '2' } });
    ids = await catalogIds(t.db);
  });
  afterAll(() => t.close());

  it('at most FOYER_CARTS_PER_IP_PER_HOUR new carts an hour from one address; 429 with Retry-After; changes to existing carts go on', async () => {
    const add = { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }] };
    const owner = client(t, '10.5.0.1');
    const first = await owner('/api/my/cart/modify', add);
    expect(first.status).toBe(200);
    const script = client(t, '10.5.0.1', false);
    expect((await script('/api/my/cart/modify', add)).status).toBe(200);
    const third = await script('/api/my/cart/modify', add);
    expect(third.status).toBe(429);
    expect(third.body._data[0]._code).toBe('rate_limited');
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect((await client(t, '10.5.0.2', false)('/api/my/cart/modify', add)).status).toBe(200);
    expect((await owner(`/api/my/cart/${first.body.cart._data[0].id}/modify`, add)).status).toBe(200);
  });
});
