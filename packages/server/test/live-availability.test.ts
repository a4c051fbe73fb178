import { describe, expect, it } from 'vitest';
import { CartClient } from './cart-client.js';
import { dialects, FIXTURE } from './harness.js';
import { SEATED_FIXTURE } from './seat-harness.js';
import { useTwoServers } from './two-servers.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

/**
 * Issue 15, live availability: two server processes on one database (PostgreSQL: each with its
 * own connection pool, as two `npm start`s would be), over real HTTP. The event screen polls the
 * day's sessions on /api; a reserve through one server shows through the other at its next poll,
 * and a poll that finds nothing changed is a 304.
 */
describe.each(dialects())('live availability across two servers on %s', (dialect) => {
  const two = useTwoServers(dialect, FIXTURE);

  it('a reserve through one server is seen through the other within 2 s; unchanged polls are 304s', async () => {
    const { a, urlB, ids } = two();
    const day = `${urlB}/api/events/${ids.event('ga')}/sessions?_ondate=2026-06-04&_sort=start_datetime`;
    const poll = async (etag?: string) => {
      const res = await fetch(day, { headers: etag ? { 'if-none-match': etag } : {} });
      const body = res.status === 200 ? ((await res.json()) as { event_session: { _data: { id: string; availableCapacity: number }[] } }) : null;
      return { status: res.status, etag: res.headers.get('etag') ?? undefined, left: body?.event_session._data.find((s) => s.id === ids.session('ga', GA_0604_18))?.availableCapacity };
    };
    const first = await poll();
    expect(first).toMatchObject({ status: 200, left: 10 });
    expect(first.etag).toBeTruthy();
    expect((await poll(first.etag)).status).toBe(304);
    // Warm B's /cached_api answer too: the live path must not read it.
    expect((await fetch(day.replace('/api/', '/cached_api/'))).status).toBe(200);

    const adult = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) };
    expect((await new CartClient(a).create([adult, adult, adult])).status).toBe(200);
    const started = Date.now();
    let seen = await poll(first.etag);
    while (seen.left !== 7 && Date.now() - started < 2_000) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await poll(first.etag);
    }
    expect(seen).toMatchObject({ status: 200, left: 7 });
    expect(seen.etag).not.toBe(first.etag);
    expect((await poll(seen.etag)).status).toBe(304);
  });
});

/**
 * Issue 15, seat states across two server processes on one database (PostgreSQL: a pool each): an
 * open map polls B's /api states call; seats held and released through A show there within 2 s
 * (B reuses its answer for at most API_MEMO_MS), and an unchanged poll is a 304.
 */
describe.each(dialects())('live seat states across two servers on %s', (dialect) => {
  const two = useTwoServers(dialect, SEATED_FIXTURE);

  it('seats held through one server turn unavailable on the other within 2 s, and available again once released; unchanged polls are 304s', async () => {
    const { a, urlB, ids, db } = two();
    const session = (await db.selectFrom('event_session').select('id').orderBy('start_datetime').executeTakeFirstOrThrow()).id;
    const path = `${urlB}/api/events/${ids.event('recital')}/sessions/${session}/seat_map`;
    const seats = ((await (await fetch(`${path}?_withgeometry=true`)).json()) as { seat: { _data: { id: string; row: string; name: string }[] } }).seat._data;
    const at = (row: string, name: string) => seats.findIndex((s) => s.row === row && s.name === name);
    const poll = async (etag?: string) => {
      const res = await fetch(path, { headers: etag ? { 'if-none-match': etag } : {} });
      const letters = res.status === 200 ? ((await res.json()) as { seat_state: { _data: { states: string }[] } }).seat_state._data[0].states : null;
      return { status: res.status, etag: res.headers.get('etag') ?? undefined, letters };
    };
    /** Polls B (as an open map does, with the last ETag) until `done`, at most 2 s. */
    const until = async (etag: string | undefined, done: (letters: string) => boolean) => {
      const started = Date.now();
      let last = await poll(etag);
      while (!(last.letters && done(last.letters)) && Date.now() - started < 2_000) {
        await new Promise((r) => setTimeout(r, 50));
        last = await poll(etag);
      }
      expect(last.status).toBe(200);
      expect(done(last.letters!)).toBe(true);
      return last;
    };
    const first = await poll();
    expect([first.letters![at('A', '1')], first.letters![at('A', '2')]]).toEqual(['a', 'a']);
    expect((await poll(first.etag)).status).toBe(304);

    const buyer = new CartClient(a);
    const held = await buyer.create(['1', '2'].map((n) => ({ ticket_type_id: ids.type('adult'), event_session_id: session, handler_data: { seat_id: seats[at('A', n)].id } })));
    expect(held.status).toBe(200);
    const taken = await until(first.etag, (l) => l[at('A', '1')] === 'u' && l[at('A', '2')] === 'u');
    expect(taken.etag).not.toBe(first.etag);
    expect((await poll(taken.etag)).status).toBe(304);

    expect((await buyer.call('DELETE', `/api/my/cart/${held.body.cart._data[0].id}`)).status).toBeLessThan(300);
    const freed = await until(taken.etag, (l) => l[at('A', '1')] === 'a' && l[at('A', '2')] === 'a');
    expect(freed.letters).toBe(first.letters);
  });
});
