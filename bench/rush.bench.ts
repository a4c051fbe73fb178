/**
 * An on-sale rush on one process (issue 28; docs/performance.md): N open event pages, each with
 * its live availability stream (default 10,000), then reserves into the session they watch.
 * Prints reserve throughput without and with the watchers, push latency commit → client (p50/p99,
 * timed from when the reserve was sent, so an upper bound), the server's CPU while nothing sells,
 * and its memory per open stream.
 *   npm run bench:rush                      (the script raises the open-file limit)
 *   RUSH_CLIENTS=2000 BENCH_SECONDS=3 npm run bench:rush
 */
import { request, type ClientRequest } from 'node:http';
import { measure, printTable, startTarget } from './load.js';

const clients = Number(process.env.RUSH_CLIENTS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const samples = Number(process.env.RUSH_SAMPLES ?? 10);
const env: Record<string, string> = { BENCH_CATALOG: new URL('./fixtures/bench-catalog.json', import.meta.url).pathname };
if (process.env.BENCH_DATABASE_URL) env.BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { port, child } = await startTarget(env);
const base = `http://127.0.0.1:${port}`;
const get = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
const cpuMicros = async () => {
  const u = await get<{ user: number; system: number }>('/bench/cpu');
  return u.user + u.system;
};
const memory = () => get<{ rss: number; heapUsed: number; streams: number }>('/bench/memory');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One watcher: an SSE connection that records when each availability message arrives, by used capacity. */
interface Watcher {
  req: ClientRequest;
  ready: boolean;
  arrivals: { used: number; at: number }[];
}

function watch(path: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const w: Watcher = { req: null as unknown as ClientRequest, ready: false, arrivals: [] };
    w.req = request(`${base}${path}`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) { reject(new Error(`stream refused: ${res.statusCode}`)); return; }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) {
            w.ready = true;
            resolve(w);
          } else if (frame.includes('event: availability')) {
            const used = /"used_capacity":(\d+)/.exec(frame);
            if (used) w.arrivals.push({ used: Number(used[1]), at: performance.now() });
          }
        }
      });
    });
    w.req.on('error', reject);
    w.req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

try {
  const list = await get<{ event_template: { _data: { id: string; name: string }[] } }>('/api/events/available');
  const eventId = list.event_template._data.find((e) => e.name === 'Hot Session')!.id;
  const typeId = (await get<{ ticket_type: { _data: { id: string }[] } }>(`/api/events/${eventId}?_embed=ticket_type`)).ticket_type._data[0].id;
  const session = (await get<{ event_session: { _data: { id: string }[] } }>(`/api/events/${eventId}/sessions`)).event_session._data[0].id;
  const reserve = JSON.stringify({ add: [{ ticket_type_id: typeId, event_session_id: session }] });
  const reserveTarget = { name: 'reserve 1 ticket, the watched session', path: '/api/my/cart/modify', method: 'POST' as const, body: reserve };

  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  await measure(port, reserveTarget, 1);
  const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds);
  const alone = await measure(port, { ...reserveTarget, name: 'reserve, no watchers' }, seconds);

  const before = await memory();
  const watchers: Watcher[] = [];
  const opening = performance.now();
  for (let i = 0; i < clients; i += 500) watchers.push(...(await Promise.all(Array.from({ length: Math.min(500, clients - i) }, () => watch(`/api/events/${eventId}/live`)))));
  const opened = performance.now() - opening;
  await sleep(1_000);
  const after = await memory();
  const idleStart = await cpuMicros();
  const idleSeconds = Math.max(3, seconds);
  await sleep(idleSeconds * 1000);
  const idleCpu = (await cpuMicros()) - idleStart;

  // Push latency: reserves one by one, further apart than the coalescing period, each timed from its sending.
  const sent: { used: number; at: number }[] = [];
  for (let i = 0; i < samples; i++) {
    const at = performance.now();
    const res = await fetch(`${base}/api/my/cart/modify`, { method: 'POST', headers: { 'content-type': 'application/json', app: 'ecomm' }, body: reserve });
    const doc = (await res.json()) as { event_session?: { _data: { id: string; used_capacity: number }[] } };
    const used = doc.event_session?._data.find((s) => s.id === session)?.used_capacity;
    sent.push({ used: used ?? -1, at });
    await sleep(400);
  }
  await sleep(1_000);
  const latencies: number[] = [];
  let missed = 0;
  for (const w of watchers) {
    for (const s of sent) {
      const arrival = w.arrivals.find((a) => a.used >= s.used && a.at >= s.at);
      if (arrival) latencies.push(arrival.at - s.at);
      else missed++;
    }
  }
  latencies.sort((a, b) => a - b);

  const crowded = await measure(port, { ...reserveTarget, name: `reserve, ${watchers.length} watchers` }, seconds);
  printTable([alone, crowded], bare);
  const perStream = (after.rss - before.rss) / watchers.length;
  console.log(`\nstreams open: ${after.streams} (opened in ${(opened / 1000).toFixed(1)} s)`);
  console.log(`server memory: rss ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MB, heap ${(before.heapUsed / 2 ** 20).toFixed(0)} → ${(after.heapUsed / 2 ** 20).toFixed(0)} MB; per stream ${(perStream / 1024).toFixed(1)} KB rss, ${((after.heapUsed - before.heapUsed) / watchers.length / 1024).toFixed(1)} KB heap`);
  console.log(`server CPU with ${watchers.length} streams open, nothing selling: ${((idleCpu / (idleSeconds * 1e6)) * 100).toFixed(1)} % of a core`);
  console.log(`push latency, send of the reserve → message at the client (${samples} reserves × ${watchers.length} clients): p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms, missed ${missed}`);
  console.log(`reserve throughput with watchers × without: ${(crowded.rps / alone.rps).toFixed(2)}`);
  for (const w of watchers) w.req.destroy();
} finally {
  child.kill('SIGTERM');
}
