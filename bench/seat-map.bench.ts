/**
 * The seat map call on a 2,000-seat session (issue 15), beside a bare Fastify route in the same run.
 *   npm run bench:seats                  (SQLite, 5 s per route)
 *   BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench:seats
 */
import { bigHallCatalog } from './fixtures/big-hall.js';
import { measure, printTable, startTarget } from './load.js';
import { seatMapTargets } from './seat-map-targets.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const env: Record<string, string> = { BENCH_CATALOG: bigHallCatalog(), ...(process.env.BENCH_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) };
const { port, child } = await startTarget(env);
try {
  const targets = await seatMapTargets(`http://127.0.0.1:${port}`);
  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds);
  const results = [];
  for (const target of targets) results.push(await measure(port, target, seconds));
  printTable(results, bare);
} finally {
  child.kill('SIGTERM');
}
