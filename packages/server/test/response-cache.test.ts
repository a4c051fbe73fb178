import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/sessions.js';
import { normalisedUrl, ResponseCache, type CachedAnswer } from '../src/http/response-cache.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, getJson, type TestApp } from './harness.js';

const answer = (text: string): CachedAnswer => ({ payload: text, etag: `"${text}"` });

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
    const load = async () => answer(String(++loads));
    expect((await cache.get('/k', load)).payload).toBe('1');
    now += 4_999;
    expect((await cache.get('/k', load)).payload).toBe('1');
    now += 1;
    expect((await cache.get('/k', load)).payload).toBe('2');
    cache.invalidate();
    expect((await cache.get('/k', load)).payload).toBe('3');
    await expect(cache.get('/bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('/bad', load)).payload).toBe('4');
    const off = new ResponseCache(0, () => now);
    await off.get('/k', load);
    expect((await off.get('/k', load)).payload).toBe('6');
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
