import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../e2e/free-port.js';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { importCatalogFile } from '../src/catalog/import-catalog.js';
import { catalogIds } from './cart-client.js';
import { dialects, FIXTURE, freshDatabase, testApp } from './harness.js';


const RACERS = 500;
const CAPACITY = 100;
const HOT = '2026-06-07T14:00:00.000Z'; // the fixture's "hot" session: capacity 100

/** Fires one single-ticket reservation per racer, all at once, over real HTTP. Each racer is a new guest. */
async function race(urls: string[], line: object) {
  const results = await Promise.all(
    Array.from({ length: RACERS }, async (_, i) => {
      // A 503 (no database connection free in time, on a loaded machine) holds nothing and asks the
      // client to come back: the test does, as a client would, a few times.
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${urls[i % urls.length]}/api/my/cart/modify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', app: 'ecomm' },
          body: JSON.stringify({ add: [line] }),
        });
        const body = (await res.json()) as { _data?: { _code: string }[] };
        if (res.status !== 503 || attempt === 5) return { status: res.status, code: body._data?.[0]?._code ?? null };
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }),
  );
  const ok = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 409 && r.code === 'event_session_sold_out').length;
  const other = results.filter((r) => r.status !== 200 && !(r.status === 409 && r.code === 'event_session_sold_out'));
  return { ok, refused, other };
}

describe.each(dialects())('never oversold on %s', (dialect) => {
  it(`${RACERS} concurrent reservations for ${CAPACITY} places: exactly ${CAPACITY} succeed; expiry gives all back`, async () => {
    const t = await testApp(dialect);
    try {
      const ids = await catalogIds(t.db);
      const session = ids.session('hot', HOT);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address() as { port: number };
      const { ok, refused, other } = await race([`http://127.0.0.1:${address.port}`], { ticket_type_id: ids.type('adult'), event_session_id: session });
      expect(other).toEqual([]);
      expect([ok, refused]).toEqual([CAPACITY, RACERS - CAPACITY]);
      const row = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow();
      expect(row.used_capacity).toBe(CAPACITY);
      const held = await t.db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('n')).where('event_session_id', '=', session).where('state', '=', 'held').executeTakeFirstOrThrow();
      expect(held.n).toBe(CAPACITY);

      t.clock.advance(31 * 60_000);
      let released = 0;
      for (;;) {
        const r = await releaseExpiredCarts(t.db, t.dialect, t.clock.now, { batch: 40 });
        released += r.tickets;
        if (!r.carts) break;
      }
      expect(released).toBe(CAPACITY);
      const after = await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', session).executeTakeFirstOrThrow();
      expect(after.used_capacity).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(dialects().includes('postgres'))('never oversold across 3 server processes sharing PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGTERM')));

  it(`${RACERS} reservations spread over 3 processes: exactly ${CAPACITY} succeed`, async () => {
    const database = await freshDatabase('postgres');
    try {
      await importCatalogFile(database.db, FIXTURE, new Date());
      const ids = await catalogIds(database.db);
      const hot = await database.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event('hot')).executeTakeFirstOrThrow();
      const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
      const urls: string[] = [];
      for (let i = 0; i < 3; i++) {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', main], {
          env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, FOYER_SEED: 'none', LOG_LEVEL: 'error', FOYER_PG_POOL: '5' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(child);
        urls.push(`http://127.0.0.1:${port}`);
      }
      for (const url of urls) {
        for (let tries = 0; ; tries++) {
          try {
            if ((await fetch(`${url}/api/health`)).ok) break;
          } catch {
            if (tries > 120) throw new Error(`server at ${url} did not start`);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      const { ok, refused, other } = await race(urls, { ticket_type_id: ids.type('adult'), event_session_id: hot.id });
      expect(other).toEqual([]);
      expect([ok, refused]).toEqual([CAPACITY, RACERS - CAPACITY]);
      const row = await database.db.selectFrom('event_session').select('used_capacity').where('id', '=', hot.id).executeTakeFirstOrThrow();
      expect(row.used_capacity).toBe(CAPACITY);
    } finally {
      children.forEach((c) => c.kill('SIGTERM'));
      await new Promise((r) => setTimeout(r, 300));
      await database.drop();
    }
  });
});
