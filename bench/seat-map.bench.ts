/**
 * The seat map call on a 2,000-seat session (issue 15), beside a bare Fastify route in the same run.
 *   npm run bench:seats                  (SQLite, 5 s per route)
 *   BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench:seats
 */
import { bigHallCatalog } from './fixtures/big-hall.js';
import { measure, printTable, startTarget, type Target } from './load.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const env: Record<string, string> = { BENCH_CATALOG: bigHallCatalog(), ...(process.env.BENCH_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) };
const { port, child } = await startTarget(env);
try {
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const event = list.event_template._data.find((e) => e.name === 'An Evening Under the Stars')!.id;
  const sessions = (await (await fetch(`${base}/api/events/${event}/sessions?_limit=1`)).json()) as { event_session: { _data: { id: string }[] } };
  const path = `/events/${event}/sessions/${sessions.event_session._data[0].id}/seat_map`;
  const targets: Target[] = [
    { name: 'GET /cached_api/…/seat_map (states, cached)', path: `/cached_api${path}` },
    { name: 'GET /api/…/seat_map (states, from the database)', path: `/api${path}` },
    { name: 'GET /cached_api/…/seat_map?_withgeometry=true', path: `/cached_api${path}?_withgeometry=true` },
  ];
  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds);
  const results = [];
  for (const target of targets) results.push(await measure(port, target, seconds));
  printTable(results, bare);
} finally {
  child.kill('SIGTERM');
}
