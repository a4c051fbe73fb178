/**
 * The benchmark target: the real app on a fresh database with the demo catalog, plus a bare route
 * in the same Fastify instance as the yardstick. Prints "ready <port>" when listening.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/src/app.js';
import { bootDatabase } from '../packages/server/src/boot.js';
import { readSettings } from '../packages/server/src/settings.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), 'foyer-bench-')), 'bench.db')}`;
// Every benchmark client comes from one address: lift the per-address limits on holds and carts.
// Benches that send each request from an address of its own say so in X-Forwarded-For (bench/load.ts).
const unlimited = { FOYER_TRUST_PROXY: '127.0.0.1', FOYER_MAX_HELD_TICKETS_PER_IP: '100000000', FOYER_CARTS_PER_IP_PER_HOUR: '100000000', FOYER_LIVE_STREAMS_PER_IP: '100000', FOYER_LIVE_STREAMS_MAX: '1000000' };
// Settings a benchmark may give the target (the rest of the environment is not read).
const passed = Object.fromEntries(['FOYER_CACHE_TTL_MS', 'FOYER_WEB_DIST', 'FOYER_STAFF_TOKENS', 'FOYER_MAX_HELD_TICKETS_PER_CART'].filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));
const settings = { ...readSettings({ DATABASE_URL: databaseUrl, FOYER_SEED: 'demo', ...unlimited, ...(process.env.BENCH_CATALOG ? { FOYER_SEED_FILE: process.env.BENCH_CATALOG } : {}), ...passed }), port: 0 };
const handle = await bootDatabase(settings, () => {});
const app = await buildApp({ db: handle.db, dialect: handle.dialect, settings, now: () => new Date() });
app.get('/bench/bare', () => Promise.resolve({ ok: true }));
// The yardstick for answers of some size: a bare route serving the bytes it was given (the page's HTML).
// Kept as a Buffer, as the response cache keeps its answers: no text to encode per request.
let bytes = Buffer.alloc(0);
app.put('/bench/bytes', { bodyLimit: 10 * 1024 * 1024 }, (request) => {
  bytes = Buffer.from(String(request.body));
  return Promise.resolve({ length: bytes.length });
});
app.get('/bench/bytes', async (_request, reply) => reply.type('text/html; charset=utf-8').send(bytes));
app.get('/bench/cpu', () => Promise.resolve(process.cpuUsage()));
app.get('/bench/memory', () => Promise.resolve({ ...process.memoryUsage(), streams: app.liveHub?.streams ?? 0 }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
