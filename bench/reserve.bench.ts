/**
 * Reservations per second: new guests each reserving one ticket from an address of their own, into
 * one hot session and spread over 200 sessions, and all from one address (the per-address hold limit
 * then counts every hold so far), beside a bare Fastify route in the same process and run.
 *   npm run bench:reserve
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/bench npm run bench:reserve   (an empty database)
 */
import { measure, printTable, startTarget } from './load.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const env: Record<string, string> = { BENCH_CATALOG: new URL('./fixtures/bench-catalog.json', import.meta.url).pathname };
if (process.env.BENCH_DATABASE_URL) env.BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { port, child } = await startTarget(env);
try {
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const idOf = (name: string) => list.event_template._data.find((e) => e.name === name)!.id;
  const sessionsOf = async (id: string) => {
    const doc = (await (await fetch(`${base}/api/events/${id}/sessions?_limit=5000`)).json()) as { event_session: { _data: { id: string }[] } };
    return doc.event_session._data.map((s) => s.id);
  };
  const detail = (await (await fetch(`${base}/api/events/${idOf('Hot Session')}?_embed=ticket_type`)).json()) as { ticket_type: { _data: { id: string }[] } };
  const typeId = detail.ticket_type._data[0].id;
  const [hot] = await sessionsOf(idOf('Hot Session'));
  const spread = await sessionsOf(idOf('Many Sessions'));
  const body = (session: string) => JSON.stringify({ add: [{ ticket_type_id: typeId, event_session_id: session }] });

  await measure(port, { name: 'warm-up', path: '/bench/bare' }, 1);
  await measure(port, { name: 'warm-up', path: '/api/my/cart/modify', method: 'POST', body: body(spread[spread.length - 1]) }, 2);
  const bare = await measure(port, { name: 'GET /bench/bare (yardstick)', path: '/bench/bare' }, seconds);
  const results = [
    await measure(port, { name: 'reserve 1 ticket, one hot session', path: '/api/my/cart/modify', method: 'POST', body: body(hot), ownAddresses: true }, seconds),
    await measure(port, { name: `reserve 1 ticket, ${spread.length} sessions`, path: '/api/my/cart/modify', method: 'POST', body: body(spread[0]), bodies: spread.map(body), ownAddresses: true }, seconds),
    // Every buyer behind one address: its live holds are counted on each reserve (docs/performance.md).
    await measure(port, { name: 'reserve 1 ticket, hot session, one address', path: '/api/my/cart/modify', method: 'POST', body: body(hot) }, seconds),
  ];
  printTable(results, bare);
  const used = (await (await fetch(`${base}/api/events/${idOf('Hot Session')}/sessions`)).json()) as { event_session: { _data: { used_capacity: number }[] } };
  console.log(`\nhot session used_capacity after the run: ${used.event_session._data[0].used_capacity}`);
} finally {
  child.kill('SIGTERM');
}
