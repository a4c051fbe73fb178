/**
 * The door's scan (issue 31: "each scan answers within 300 ms on the local network"; docs/door.md,
 * Speed): a fresh code per request (admitted) and codes already let in, at 10 doors scanning at
 * once and at 20 connections, beside a bare Fastify route in the same process and run. Tickets are
 * bought and paid through the API first; the doors are a scanner token and a staff account's cookie.
 *   npm run bench:door                        (SQLite; BENCH_SCANS=3000 fresh codes per row)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench:door   (an empty database)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doorStaffCookie, paidScanCodes } from './door-fixture.js';
import { measure, printTable, startTarget, type Result, type Target } from './load.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const scans = Number(process.env.BENCH_SCANS ?? 3000);
const TARGET_MS = 300;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), 'foyer-bench-door-')), 'bench.db')}`;
const token = randomBytes(24).toString('hex');
const { port, child } = await startTarget({
  BENCH_CATALOG: new URL('./fixtures/bench-catalog.json', import.meta.url).pathname,
  BENCH_DATABASE_URL: databaseUrl,
  FOYER_STAFF_TOKENS: `Bench door:${token}`,
  // Orders of 1,000 tickets (paidScanCodes): the scan does not depend on the order's size.
  FOYER_MAX_HELD_TICKETS_PER_CART: '1000',
});
try {
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const event = list.event_template._data.find((e) => e.name === 'Hot Session')!.id;
  const detail = (await (await fetch(`${base}/api/events/${event}?_embed=ticket_type`)).json()) as { ticket_type: { _data: { id: string }[] } };
  const sessions = (await (await fetch(`${base}/api/events/${event}/sessions`)).json()) as { event_session: { _data: { id: string }[] } };
  const session = sessions.event_session._data[0].id;
  const warmUp = 500;
  const started = Date.now();
  const codes = await paidScanCodes(base, { id: session, ticketTypeId: detail.ticket_type._data[0].id }, warmUp + 4 * scans);
  const cookie = await doorStaffCookie(base, databaseUrl);
  console.log(`set up: ${codes.length} paid tickets and a door staff account in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const bearer = { authorization: `Bearer ${token}` };
  const scanAt = (prefix: string, name: string, headers: Record<string, string>, bodies: string[], amount?: number): Target => ({
    name,
    path: `${prefix}/sessions/${session}/scan`,
    method: 'POST',
    headers,
    body: bodies[0],
    bodies,
    amount,
  });
  const body = (code: string) => JSON.stringify({ scan_code: code });
  let next = 0;
  const fresh = (n: number) => codes.slice(next, (next += n)).map(body);

  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  await measure(port, scanAt('/api/door', 'warm-up', bearer, fresh(warmUp), warmUp), seconds, 10);
  for (const connections of [10, 20]) {
    const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds, connections);
    const tokenCodes = fresh(scans);
    const results: Result[] = [
      await measure(port, scanAt('/api/door', 'scan, a fresh code (token): admitted', bearer, tokenCodes, scans), seconds, connections),
      await measure(port, scanAt('/api/door', 'scan, already admitted (token)', bearer, tokenCodes), seconds, connections),
      await measure(port, scanAt('/api/admin/door', 'scan, a fresh code (staff cookie): admitted', { cookie }, fresh(scans), scans), seconds, connections),
    ];
    console.log(`\n${connections} connections`);
    printTable(results, bare);
    for (const r of results) console.log(`  ${r.name}: p99 ${r.p99} ms ${r.p99 <= TARGET_MS ? '≤' : '>'} ${TARGET_MS} ms${r.errors ? ` — ${r.errors} errors` : ''}`);
  }

  // Every fresh code was let in once, and nothing else was: the rows measured admissions.
  const status = (await (await fetch(`${base}/api/door/sessions/${session}/status`, { headers: bearer })).json()) as { door_status: { admitted: number } };
  console.log(`\nadmitted after the run: ${status.door_status.admitted} (fresh codes scanned: ${next})`);
  if (status.door_status.admitted !== next) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
}
