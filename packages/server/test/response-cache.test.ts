import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/sessions.js';
import { normalisedUrl, ResponseCache, type CachedAnswer } from '../src/http/response-cache.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, getJson, type TestApp } from './harness.js';

const answer = (text: string): CachedAnswer => ({ payload: Buffer.from(text), etag: `"${text}"` });

describe('ResponseCache', () => {
  it('computes once for 20 concurrent reads of one key (they share the in-flight computation)', async () => {
    const cache = new ResponseCache(5_000, () => 0);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return answer('x');
    };
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get('/k', load)));
    expect(loads).toBe(1);
    expect(new Set(all).size).toBe(1);
  });

  it('recomputes after the TTL, after invalidate, after a failure, and never with TTL 0', async () => {
    let now = 1_000;
    const cache = new ResponseCache(5_000, () => now);
    let loads = 0;
    const load = () => Promise.resolve(answer(String(++loads)));
    expect((await cache.get('/k', load)).payload.toString()).toBe('1');
    now += 4_999;
    expect((await cache.get('/k', load)).payload.toString()).toBe('1');
    now += 1;
    expect((await cache.get('/k', load)).payload.toString()).toBe('2');
    cache.invalidate();
    expect((await cache.get('/k', load)).payload.toString()).toBe('3');
    await expect(cache.get('/bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('/bad', load)).payload.toString()).toBe('4');
    const off = new ResponseCache(0, () => now);
    await off.get('/k', load);
    expect((await off.get('/k', load)).payload.toString()).toBe('6');
  });

  it("forgets one event's answers and the cross-event ones when that event's capacity changes, keeping the others", async () => {
    const cache = new ResponseCache(5_000, () => 0);
    const a = '0190aaaa-0000-7000-8000-000000000001';
    const b = '0190bbbb-0000-7000-8000-000000000002';
    const loads = new Map<string, number>();
    const read = (key: string) =>
      cache.get(key, () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return Promise.resolve(answer(key));
      });
    const keys = [`/cached_api/events/${a}/sessions?_ondate=2026-06-04`, `/cached_api/events/${a}`, `/cached_api/events/${b}/calendar`, '/cached_api/events/available', `/cached_api/ticket_group/${a}`];
    for (const key of keys) await read(key);
    cache.invalidateEvents([a]);
    for (const key of keys) await read(key);
    expect(Object.fromEntries(loads)).toEqual({ [keys[0]]: 2, [keys[1]]: 2, [keys[2]]: 1, [keys[3]]: 2, [keys[4]]: 2 });
    // A computation begun before the write is not kept as current once the write bumped its event.
    let finish: (value: CachedAnswer) => void = () => {};
    const inFlight = cache.get(`/cached_api/events/${b}/calendar?x=1`, () => new Promise((resolve) => (finish = resolve)));
    cache.invalidateEvents([b]);
    finish(answer('before'));
    await inFlight;
    expect((await cache.get(`/cached_api/events/${b}/calendar?x=1`, () => Promise.resolve(answer('after')))).payload.toString()).toBe('after');
  });

  it('keys by path and sorted query', () => {
    expect(normalisedUrl('/cached_api/events/available?seller=b&_embed=venue')).toBe(normalisedUrl('/cached_api/events/available?_embed=venue&seller=b'));
    expect(normalisedUrl('/cached_api/events/available?seller=a')).not.toBe(normalisedUrl('/cached_api/events/available?seller=b'));
    expect(normalisedUrl('/cached_api/config')).toBe('/cached_api/config');
  });
});

// Clock: 2026-06-01 12:00 New York; GA on 06-04 at 18:00 local (22:00Z) has 10 free seats.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('/cached_api response cache on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const sessionsUrl = (prefix: string) => `${prefix}/events/${ids.event('ga')}/sessions?_ondate=2026-06-04&_sort=start_datetime`;
  const available = async (prefix: string) => {
    const { body } = await getJson(t.app, sessionsUrl(prefix));
    return body.event_session._data.find((s: { start_datetime: string }) => s.start_datetime === GA_0604_18).availableCapacity as number;
  };
  const setUsed = (n: number) => t.db.updateTable('event_session').set({ used_capacity: n }).where('id', '=', ids.session('ga', GA_0604_18)).execute();

  it('serves a repeated read from the cache until the TTL; /api always reads afresh', async () => {
    expect(await available('/cached_api')).toBe(10);
    // A change made behind the app's back (another process) shows on /api at once, on /cached_api after the TTL.
    await setUsed(4);
    expect(await available('/api')).toBe(6);
    expect(await available('/cached_api')).toBe(10);
    t.clock.advance(5_000);
    expect(await available('/cached_api')).toBe(6);
    await setUsed(0);
    t.clock.advance(5_000);
  });

  it('a reservation or release through the API shows on the next cached read at once', async () => {
    expect(await available('/cached_api')).toBe(10);
    const c = new CartClient(t.app);
    const adult = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) };
    const created = await c.create([adult, adult, adult]);
    expect(created.status).toBe(200);
    expect(await available('/cached_api')).toBe(7);
    const cartId = created.body.cart._data[0].id;
    const tickets = created.body.ticket._data.map((x: { id: string }) => x.id);
    expect((await c.modify(cartId, { remove: tickets.slice(0, 2) })).status).toBe(200);
    expect(await available('/cached_api')).toBe(9);
  });

  it("a rush on one event keeps the other events' answers warm, refused reserves included", async () => {
    t.clock.advance(5_000);
    const cache = t.app.responseCache!;
    const get = cache.get.bind(cache);
    const computed: string[] = [];
    const spy = vi.spyOn(cache, 'get').mockImplementation((key, load) => get(key, () => (computed.push(key.split('?')[0]), load())));
    try {
      const concert = `/cached_api/events/${ids.event('concert')}/calendar?_format=extended`;
      const read = async () => {
        for (const url of [concert, sessionsUrl('/cached_api'), '/cached_api/events/available']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      };
      await read();
      const before = await available('/cached_api');
      computed.length = 0;
      const c = new CartClient(t.app);
      const adult = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) };
      const created = await c.create([adult, adult]);
      expect(created.status).toBe(200);
      await read();
      expect(computed).toEqual([sessionsUrl('/cached_api').split('?')[0], '/cached_api/events/available']);
      expect(await available('/cached_api')).toBe(before - 2);
      // One more than there is room for: refused, nothing taken; the other event stays warm.
      computed.length = 0;
      expect((await new CartClient(t.app).create(Array(before - 1).fill(adult))).status).toBeGreaterThanOrEqual(400);
      await read();
      expect(computed).not.toContain(concert.split('?')[0]);
      expect(await available('/cached_api')).toBe(before - 2);
      expect((await c.modify(created.body.cart._data[0].id, { remove: created.body.ticket._data.map((x: { id: string }) => x.id) })).status).toBe(200);
      expect(await available('/cached_api')).toBe(before);
    } finally {
      spy.mockRestore();
    }
  });

  it('computes once for 20 concurrent identical reads', async () => {
    t.clock.advance(5_000);
    const cache = t.app.responseCache!;
    const get = cache.get.bind(cache);
    let computations = 0;
    const spy = vi.spyOn(cache, 'get').mockImplementation((key, load) => get(key, () => ((computations += 1), load())));
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: sessionsUrl('/cached_api') })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(computations).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("never serves anyone's own view: /cached_api ignores cookies, so a signed-in answer cannot land in the cache", async () => {
    t.clock.advance(5_000);
    const anonymous = await t.app.inject({ method: 'GET', url: '/cached_api/events/available?_withmemberevents=T' });
    const withSession = await t.app.inject({ method: 'GET', url: '/cached_api/events/available?_withmemberevents=T', headers: { cookie: `${SESSION_COOKIE}=member-session; foyer_identity=someone` } });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.body).toBe(anonymous.body);
    expect(withSession.headers['set-cookie']).toBeUndefined();
    // And members-only events never appear in a cached (shared) answer.
    const names = JSON.parse(anonymous.body).event_template._data.map((e: { name: string }) => e.name);
    expect(names).not.toContain('Members Preview');
  });
});
