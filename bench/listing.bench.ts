/**
 * Listing reads and the seat map calls (the demo catalog with its theatre made a 2,000-seat hall,
 * bench/fixtures/big-hall.ts) under load, beside a bare Fastify route in the same process and run.
 *   npm run bench                      (SQLite, 5 s per route)
 *   BENCH_SECONDS=10 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench
 *   FOYER_CACHE_TTL_MS=0 npm run bench  (the /cached_api rows without the response cache)
 * Then the event page's server-rendered HTML (docs/server-rendering.md; needs `npm run build`):
 * cached, against a bare route serving the same bytes, and the CPU of one uncached render.
 */
import { INLINE_CONFIG_ID, INLINE_EVENT_ID, type ServerPageData } from '@foyer/contracts/constants';
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
  // The cached answers against a bare route serving their very bytes (issue 28's yardstick).
  await againstSameBytes(base, port, targets[0]);
  await againstSameBytes(base, port, targets[4]);
  await serverRenderedPage(base, port, ga);
} finally {
  child.kill('SIGTERM');
}
// The render-alone figure imports React's server renderer, whose MessageChannel keeps the process alive.
process.exit(0);

/** A cached answer × the bare route serving the same bytes (so the answer's size is out of the ratio). */
async function againstSameBytes(base: string, port: number, target: Target) {
  const body = await (await fetch(`${base}${target.path}`)).text();
  await fetch(`${base}/bench/bytes`, { method: 'PUT', body, headers: { 'content-type': 'text/plain' } });
  const same = await measure(port, { name: `GET /bench/bytes (${Math.round(body.length / 1024)} KB, yardstick)`, path: '/bench/bytes' }, seconds);
  printTable([await measure(port, target, seconds)], same);
}

/** The event page's HTML: cached (× a bare route serving the same bytes) and one uncached render's CPU. */
async function serverRenderedPage(base: string, port: number, id: string) {
  const html = await (await fetch(`${base}/events/${id}`)).text();
  if (!html.includes('<div id="root"><')) {
    console.log('\n/events/{id}: not server-rendered (no packages/web/dist-ssr: run `npm run build` first)');
    return;
  }
  await fetch(`${base}/bench/bytes`, { method: 'PUT', body: html, headers: { 'content-type': 'text/plain' } });
  const same = await measure(port, { name: `GET /bench/bytes (${Math.round(html.length / 1024)} KB, yardstick)`, path: '/bench/bytes' }, seconds);
  const page = await measure(port, { name: 'GET /events/{id} (HTML, cached)', path: `/events/${id}` }, seconds);
  printTable([page], same);
  // Uncached: a query string is never cached; one request at a time, the server's CPU per request.
  const cpu = async () => {
    const u = (await (await fetch(`${base}/bench/cpu`)).json()) as { user: number; system: number };
    return u.user + u.system;
  };
  for (let i = 0; i < 200; i++) await fetch(`${base}/events/${id}?warm=${i}`);
  const runs = 100;
  const before = await cpu();
  for (let i = 0; i < runs; i++) await fetch(`${base}/events/${id}?bench=${i}`);
  const perPage = ((await cpu()) - before) / runs / 1000;
  console.log(`\none uncached /events/{id} request (reads, server render, shell): ${perPage.toFixed(2)} ms server CPU (mean of ${runs}, one at a time)`);
  console.log(`one server render of /events/{id} alone (react-dom/server): ${(await renderCpu(base, id)).toFixed(2)} ms CPU (median of 5 batches of 100 in this process)`);
}

/**
 * The render alone: the page's documents as a member's unrendered page carries them in its data
 * blocks, handed to the web build's server entry in this process as objects, as the server hands them.
 */
async function renderCpu(base: string, id: string): Promise<number> {
  const html = await (await fetch(`${base}/events/${id}`, { headers: { cookie: 'session_expires=2099-01-01T00:00:00Z' } })).text();
  const block = (blockId: string) => JSON.parse(new RegExp(`<script id="${blockId}" type="application/json">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? 'null') as unknown;
  const data: ServerPageData = { config: block(INLINE_CONFIG_ID), event: block(INLINE_EVENT_ID) };
  const entry = (await import(new URL('../packages/web/dist-ssr/entry-server.mjs', import.meta.url).href)) as { renderPage(url: string, data: ServerPageData): Promise<{ body?: ReadableStream<Uint8Array> }> };
  // Rendered and its stream read to the end, as the server reads it.
  const render = async () => new Response((await entry.renderPage(`/events/${id}`, data)).body).arrayBuffer();
  // A running server has rendered the page many times: measured once the JIT has settled (20 warm-ups left it still dropping).
  for (let i = 0; i < 200; i++) await render();
  // The median of 5 batches of 100: one batch now and then takes a garbage collection or the machine's noise.
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 100; i++) await render();
    const used = process.cpuUsage(before);
    batches.push((used.user + used.system) / 100 / 1000);
  }
  return batches.sort((a, b) => a - b)[2];
}
