import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainConnections } from '../src/http/drain-connections.js';

/** A raw client: connects, writes `text`, and reports when the server closes the connection. */
async function rawClient(port: number, text: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.write(text);
  return { socket, closed };
}

describe('draining connections on shutdown (http/drain-connections.ts)', () => {
  it('closes a keep-alive connection that turns idle after the listener closed, and cuts one that never sends its request, so close ends', async () => {
    const app = Fastify();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      await slow;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    // In flight when shutdown starts: answered, then its keep-alive connection is idle.
    const busy = await rawClient(port, 'GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    // Headers never finished: never idle, never done.
    const stalled = await rawClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n');
    await new Promise((r) => setTimeout(r, 100));

    let cut = 0;
    const started = Date.now();
    const stop = drainConnections(app.server, 1_000, () => cut++);
    const closing = app.close().then(() => Date.now());
    setTimeout(release, 200);
    const busyClosedAt = await busy.closed;
    const closedAt = await closing;
    stop();

    // The answered connection went as soon as it was idle; the stalled one at the limit.
    expect(busyClosedAt - started).toBeLessThan(900);
    expect(await stalled.closed).toBeGreaterThanOrEqual(started + 1_000);
    expect(closedAt - started).toBeLessThan(3_000);
    expect(cut).toBe(1);
  });
});
