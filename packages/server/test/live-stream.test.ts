import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { ZLiveAvailability, ZLiveReady } from '@foyer/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { startSweeper } from '../src/cart/release-expired-carts.js';
import { sseClient } from '../src/live/live-stream.js';
import { readSettings } from '../src/settings.js';
import { CartClient } from './cart-client.js';
import { dialects, FIXTURE, NOW } from './harness.js';
import { SEATED_FIXTURE } from './seat-harness.js';
import { SseReader } from './sse-client.js';
import { useTwoServers } from './two-servers.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';
const HOT = '2026-06-07T14:00:00.000Z'; // the fixture's "hot" event's session
type Figures = { id: string; availableCapacity: number; used_capacity: number; sold_out: boolean; seat_states?: string };
const sessionsOf = (m: { data: unknown }) => (m.data as { event_session: Figures[] }).event_session;
/** A new stream's `ready`: how long its event has been quiet. */
async function quietOf(url: string) {
  const stream = await SseReader.open(url);
  try {
    return ZLiveReady.strict().parse((await stream.next((m) => m.event === 'ready')).data).quiet_ms;
  } finally {
    stream.close();
  }
}

/**
 * Issue 28, live availability pushed (docs/live-availability.md), over real HTTP: a stream on
 * server B hears what is reserved through server A — on PostgreSQL two processes' worth of
 * connection pools, each LISTENing; on SQLite (one process) the writer is B itself.
 */
describe.each(dialects())('live availability stream on %s', (dialect) => {
  const two = useTwoServers(dialect, FIXTURE, { FOYER_LIVE_STREAMS_PER_IP: '3' });
  let upSince = 0;
  beforeAll(() => void (upSince = Date.now()));
  const setup = () => {
    const t = two();
    const writer = dialect === 'postgres' ? t.a : t.b;
    const live = `${t.urlB}/api/events/${t.ids.event('ga')}/live`;
    const adult = { ticket_type_id: t.ids.type('adult'), event_session_id: t.ids.session('ga', GA_0604_18) };
    return { ...t, writer, live, adult, session: adult.event_session_id };
  };

  it('answers an unknown event with the same 404 as the event, a malformed id with the same 400', async () => {
    const { urlB } = setup();
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'not-an-id']) {
      const event = await fetch(`${urlB}/api/events/${id}`);
      const stream = await SseReader.open(`${urlB}/api/events/${id}/live`);
      expect(stream.status).toBe(event.status);
      expect(JSON.parse(stream.body)).toEqual(await event.json());
    }
  });

  it('pushes a reserve to a stream on the other server and drops its cached answers; a refused reserve sends nothing', async () => {
    const { writer, live, adult, session, urlB, ids } = setup();
    const cachedDay = `${urlB}/cached_api/events/${ids.event('ga')}/sessions?_ondate=2026-06-04`;
    const leftInCache = async () => ((await (await fetch(cachedDay)).json()) as { event_session: { _data: Figures[] } }).event_session._data.find((s) => s.id === session)!.availableCapacity;
    const stream = await SseReader.open(live);
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next((m) => m.event === 'ready')).id).toMatch(/^[\w-]+\.\d+$/);
      const before = await leftInCache();

      const buyer = new CartClient(writer);
      expect((await buyer.create([adult, adult, adult])).status).toBe(200);
      const pushed = await stream.next((m) => m.event === 'availability');
      expect(ZLiveAvailability.strict().parse(pushed.data)).toEqual(pushed.data);
      expect(sessionsOf(pushed)).toEqual([expect.objectContaining({ id: session, availableCapacity: before - 3, used_capacity: 3, sold_out: false })]);
      // B's /cached_api copy went with the notice: no process serves the old figures for its TTL.
      expect(await leftInCache()).toBe(before - 3);

      const count = stream.messages.length;
      const refused = await new CartClient(writer).create(Array.from({ length: before }, () => adult));
      expect(refused.status).toBe(409);
      await new Promise((r) => setTimeout(r, 700));
      expect(stream.messages.slice(count)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('coalesces a burst into at most one message per 250 ms, the last with the final figures', async () => {
    const { writer, live, adult, session } = setup();
    const stream = await SseReader.open(live);
    try {
      await stream.next((m) => m.event === 'ready');
      const from = stream.messages.length;
      const results = await Promise.all(Array.from({ length: 4 }, () => new CartClient(writer).create([adult])));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const room = await stream.next((m) => m.event === 'availability' && sessionsOf(m)[0].used_capacity === 7, 3_000, from);
      expect(sessionsOf(room)[0]).toMatchObject({ id: session, availableCapacity: 3 });
      const pushed = stream.messages.slice(from).filter((m) => m.event === 'availability');
      expect(pushed.length).toBeLessThanOrEqual(4);
      for (let i = 1; i < pushed.length; i++) expect(pushed[i].at - pushed[i - 1].at).toBeGreaterThanOrEqual(200);
    } finally {
      stream.close();
    }
  });

  it('resumes from Last-Event-ID with what was missed; an id it cannot resume from gets resync', async () => {
    const { writer, live, adult } = setup();
    const first = await SseReader.open(live);
    const ready = await first.next((m) => m.event === 'ready');
    first.close();
    await new Promise((r) => setTimeout(r, 200)); // the server sees it gone
    expect((await new CartClient(writer).create([adult])).status).toBe(200);
    // Changes reach the hub only while someone watches: keep a watcher so the change is kept.
    const watcher = await SseReader.open(live);
    await watcher.next((m) => m.event === 'ready');
    expect((await new CartClient(writer).create([adult])).status).toBe(200);
    const seen = await watcher.next((m) => m.event === 'availability');
    watcher.close();

    const resumed = await SseReader.open(live, { 'last-event-id': ready.id! });
    const fromOld = await resumed.next(() => true);
    resumed.close();
    // The first reserve happened while nobody watched: nothing was kept for it, so: ask again.
    expect(fromOld.event).toBe('resync');

    const current = await SseReader.open(live, { 'last-event-id': seen.id! });
    await new Promise((r) => setTimeout(r, 300));
    current.close();
    expect(current.messages).toEqual([]);

    const beforeSeen = `${seen.id!.split('.')[0]}.${Number(seen.id!.split('.')[1]) - 1}`;
    const replay = await SseReader.open(live, { 'last-event-id': beforeSeen });
    const again = await replay.next(() => true);
    replay.close();
    expect(again).toMatchObject({ id: seen.id, event: 'availability', data: seen.data });

    for (const foreign of ['someone-else.3', 'garbage']) {
      const other = await SseReader.open(live, { 'last-event-id': foreign });
      expect((await other.next(() => true)).event).toBe('resync');
      other.close();
    }
  });

  it("says in ready how long the event has been quiet: since the server was up while untouched, ~0 right after a change nobody watched", async () => {
    const { writer, urlB, ids } = setup();
    const untouched = `${urlB}/api/events/${ids.event('concert')}/live`;
    const hot = `${urlB}/api/events/${ids.event('hot')}/live`;
    // The OpenAPI document lists this shape for `ready`.
    const doc = (await (await fetch(`${urlB}/api/openapi.json`)).json()) as { paths: Record<string, { get: { responses: { 200: { content: Record<string, { 'x-messages': Record<string, { required?: string[] }> }> } } } }> };
    expect(doc.paths['/events/{id}/live'].get.responses[200].content['text/event-stream']['x-messages'].ready.required).toEqual(['quiet_ms']);
    expect(await quietOf(hot)).toBeGreaterThanOrEqual(Date.now() - upSince - 50);

    expect((await new CartClient(writer).create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }])).status).toBe(200);
    // PostgreSQL: B hears it as a notice (its event looked up); SQLite: B answered it.
    let quiet = await quietOf(hot);
    for (const started = Date.now(); quiet > 1_000 && Date.now() - started < 3_000; quiet = await quietOf(hot)) await new Promise((r) => setTimeout(r, 50));
    expect(quiet).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(await quietOf(hot)).toBeGreaterThanOrEqual(400);
    expect(await quietOf(untouched)).toBeGreaterThanOrEqual(Date.now() - upSince - 50);
  });

  it('caps the streams of one client address (429 rate_limited), and counts a closed one out', async () => {
    const { live } = setup();
    const open = await Promise.all([1, 2, 3].map(() => SseReader.open(live)));
    for (const s of open) await s.next((m) => m.event === 'ready');
    const refused = await SseReader.open(live);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)._data[0]._code).toBe('rate_limited');
    open[0].close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await SseReader.open(live);
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });

  it('ends its streams first when the server shuts down', async () => {
    const { db, url, ids } = setup();
    const settings = { ...readSettings(dialect === 'postgres' ? { DATABASE_URL: url } : {}), webDist: '/nonexistent' };
    const app = await buildApp({ db, dialect, settings, now: () => NOW });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await SseReader.open(`${base}/api/events/${ids.event('ga')}/live`);
    await stream.next((m) => m.event === 'ready');
    const started = Date.now();
    await app.close();
    expect(await stream.untilEnded(1_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.runIf(dialect === 'postgres')('after losing its database listener, drops its caches and tells its streams to ask again', async () => {
    const t = setup();
    const { db, live } = t;
    const stream = await SseReader.open(live);
    await stream.next((m) => m.event === 'ready');
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN foyer_live'`.execute(db);
    expect(killed.rows[0].n).toBeGreaterThanOrEqual(1);
    expect((await stream.next((m) => m.event === 'resync', 5_000)).event).toBe('resync');
    stream.close();
    // Notices may have been lost for any event: none counts as quiet from before the listener came back.
    const resynced = Date.now();
    expect(await quietOf(`${t.urlB}/api/events/${t.ids.event('concert')}/live`)).toBeLessThanOrEqual(Date.now() - resynced + 50);
  });
});

/** Seated sessions: the message carries the seat states the seat map's states call answers. */
/**
 * Holds the sweeper gives back are pushed too: with SQLite its committed releases reach the hub of
 * every app on the database (cart/capacity-changes.ts), with PostgreSQL the release's NOTIFY reaches every process.
 */
describe.each(dialects())('holds released by the sweeper on %s', (dialect) => {
  const two = useTwoServers(dialect, FIXTURE);

  it('a stream hears the figures once the sweeper gives an expired hold back', async () => {
    const { a, b, urlB, ids, db } = two();
    const session = ids.session('ga', GA_0604_18);
    const adult = { ticket_type_id: ids.type('adult'), event_session_id: session };
    const stream = await SseReader.open(`${urlB}/api/events/${ids.event('ga')}/live`);
    const errors: unknown[] = [];
    let stop: (() => Promise<void>) | undefined;
    try {
      await stream.next((m) => m.event === 'ready');
      expect((await new CartClient(dialect === 'postgres' ? a : b).create([adult, adult])).status).toBe(200);
      expect(sessionsOf(await stream.next((m) => m.event === 'availability'))).toEqual([expect.objectContaining({ id: session, used_capacity: 2 })]);
      const from = stream.messages.length;
      // B's process's sweeper a day later, when the hold has run out.
      const later = new Date(NOW.getTime() + 24 * 3_600_000);
      stop = startSweeper(db, dialect, () => later, (error) => errors.push(error), { intervalMs: 50 });
      const freed = await stream.next((m) => m.event === 'availability', 3_000, from);
      expect(sessionsOf(freed)).toEqual([expect.objectContaining({ id: session, used_capacity: 0, availableCapacity: 10, sold_out: false })]);
      expect(errors).toEqual([]);
    } finally {
      stream.close();
      await stop?.();
    }
  });
});

describe.each(dialects())('live seat states on %s', (dialect) => {
  const two = useTwoServers(dialect, SEATED_FIXTURE);

  it('a seat held through the writer turns unavailable in the next message', async () => {
    const { a, b, urlB, ids, db } = two();
    const writer = dialect === 'postgres' ? a : b;
    const session = (await db.selectFrom('event_session').select('id').orderBy('start_datetime').executeTakeFirstOrThrow()).id;
    const seats = ((await (await fetch(`${urlB}/api/events/${ids.event('recital')}/sessions/${session}/seat_map?_withgeometry=true`)).json()) as { seat: { _data: { id: string; row: string; name: string }[] } }).seat._data;
    const at = seats.findIndex((s) => s.row === 'A' && s.name === '1');
    const stream = await SseReader.open(`${urlB}/api/events/${ids.event('recital')}/live`);
    try {
      await stream.next((m) => m.event === 'ready');
      const held = await new CartClient(writer).create([{ ticket_type_id: ids.type('adult'), event_session_id: session, handler_data: { seat_id: seats[at].id } }]);
      expect(held.status).toBe(200);
      const pushed = await stream.next((m) => m.event === 'availability');
      const figures = sessionsOf(pushed).find((s) => s.id === session)!;
      expect(figures.seat_states).toHaveLength(seats.length);
      expect(figures.seat_states![at]).toBe('u');
      const states = ((await (await fetch(`${urlB}/api/events/${ids.event('recital')}/sessions/${session}/seat_map`)).json()) as { seat_state: { _data: { states: string }[] } }).seat_state._data[0].states;
      expect(figures.seat_states).toBe(states);
    } finally {
      stream.close();
    }
  });
});

/** A client that never reads is dropped once its unsent bytes pass the bound (real sockets). */
describe('slow consumer', () => {
  it('is dropped when its buffer passes the bound, and the server stops writing to it', async () => {
    let gone = 0;
    let wrote = 0;
    let refusedAt = -1;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const client = sseClient(res, '127.0.0.1', 64 * 1024, () => gone++);
      const frame = `data: ${'x'.repeat(16 * 1024)}\n\n`;
      for (let i = 0; i < 2_000; i++) {
        if (!client.write(frame)) {
          refusedAt = i;
          break;
        }
        wrote++;
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    // The client never reads: everything past the socket buffers stays in the server's.
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => res.pause());
    req.on('error', () => undefined);
    req.end();
    const started = Date.now();
    while (refusedAt < 0 && Date.now() - started < 3_000) await new Promise((r) => setTimeout(r, 20));
    req.destroy();
    await new Promise<void>((r) => server.close(() => r()));
    expect(refusedAt).toBeGreaterThan(0);
    expect(wrote).toBeLessThan(2_000);
    expect(gone).toBe(1);
  });
});
