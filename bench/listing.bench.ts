/**
 * Listing reads and the seat map calls (the demo catalog with its theatre made a 2,000-seat hall,
 * bench/fixtures/big-hall.ts) under load, beside a bare Fastify route in the same process and run.
 *   npm run bench                      (SQLite, 5 s per route)
 *   BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench
 *   FOYER_CACHE_TTL_MS=0 npm run bench  (the /cached_api rows without the response cache)
 */
import { bigHallCatalog } from './fixtures/big-hall.js';
import { measure, printTable, startTarget, type Target } from './load.js';
import { seatMapTargets } from './seat-map-targets.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const env: Record<string, string> = { BENCH_CATALOG: bigHallCatalog(), ...(process.env.BENCH_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) };
const { port, child } = await startTarget(env);
try {
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const ga = list.event_template._data[0].id;
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const targets: Target[] = [
    { name: 'GET /cached_api/events/available (embeds)', path: '/cached_api/events/available?_embed=venue,image' },
    { name: 'GET /api/events/available?category=Admission', path: '/api/events/available?category=Admission' },
    { name: `GET /api/events/{id}/sessions?_ondate`, path: `/api/events/${ga}/sessions?_ondate=${day}&sold_out=F&_sort=start_datetime` },
    { name: 'GET /api/events/{id}/calendar extended', path: `/api/events/${ga}/calendar?_format=extended` },
    { name: 'GET /cached_api/events/{id}/sessions?_ondate', path: `/cached_api/events/${ga}/sessions?_ondate=${day}&sold_out=F&_sort=start_datetime` },
    { name: 'GET /cached_api/events/{id}/calendar extended', path: `/cached_api/events/${ga}/calendar?_format=extended` },
    ...(await seatMapTargets(base)),
  ];
  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds);
  const results = [];
  for (const target of targets) results.push(await measure(port, target, seconds));
  printTable(results, bare);
} finally {
  child.kill('SIGTERM');
}
