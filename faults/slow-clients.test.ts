import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../packages/server/src/app.js';
import { emptyDatabase, report, startServer } from './server-process.js';

const SLOW = 500;

interface SlowConnection {
  socket: Socket;
  /** When the server closed it (ms after the start), or null while open. */
  closedAfter: number | null;
  answer: string;
}

/** A connection that sends `text` one byte a second, for as long as the server keeps it open. */
function dribble(port: number, text: string, started: number): SlowConnection {
  const connection: SlowConnection = { socket: connect(port, '127.0.0.1'), closedAfter: null, answer: '' };
  let at = 0;
  const timer = setInterval(() => {
    if (at < text.length && connection.socket.writable) connection.socket.write(text[at++]);
  }, 1000);
  connection.socket.on('data', (chunk) => (connection.answer += chunk.toString()));
  connection.socket.on('error', () => {});
  connection.socket.on('close', () => {
    clearInterval(timer);
    connection.closedAfter = Date.now() - started;
  });
  return connection;
}

describe('slow clients', () => {
  it('500 connections sending a byte a second do not stop others; they are closed at the header and body timeouts; an oversize body is refused before it is sent', async () => {
    const database = await emptyDatabase('sqlite');
    const server = await startServer(database.url);
    const slow: SlowConnection[] = [];
    /** Twenty reads one after another: their statuses and latencies. */
    const others = async () => {
      const latencies: number[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = Date.now();
        statuses.push(await fetch(`${server.base}/api/events/available`, { headers: { app: 'ecomm' } }).then((r) => r.status));
        latencies.push(Date.now() - t0);
      }
      return { statuses, slowest: Math.max(...latencies) };
    };
    const baseline = await others();
    const started = Date.now();
    try {
      // Most never finish their headers; a few finish them and then dribble a body.
      for (let i = 0; i < SLOW; i++) {
        const text = i % 50 === 0 ? 'POST /api/my/cart/modify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\napp: ecomm\r\n\r\n' : 'GET /api/events/available HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(100);
        if (i % 50 === 0) {
          // Headers at once, then the body a byte a second.
          const connection = dribble(server.port, '{"add":[]' + ' '.repeat(190) + '}', started);
          connection.socket.write(text);
          slow.push(connection);
        } else {
          slow.push(dribble(server.port, text, started));
        }
      }
      // Meanwhile others are served, promptly.
      await new Promise((r) => setTimeout(r, 2000));
      const { statuses, slowest } = await others();
      // An oversize body is refused on its Content-Length, before a byte of it is sent.
      const oversize = await new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1');
        let answer = '';
        socket.on('data', (c) => (answer += c.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
        socket.write('POST /api/my/cart/modify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\napp: ecomm\r\nContent-Length: 104857600\r\n\r\n');
        setTimeout(() => socket.destroy(), 5000);
      });
      const oversizeStatus = Number(/^HTTP\/1\.1 (\d+)/.exec(oversize)?.[1]);

      // Wait for the server to close them: headers by the header timeout, bodies by the request timeout (checked every second).
      const deadline = started + REQUEST_TIMEOUT_MS + 10_000;
      while (slow.some((c) => c.closedAfter === null) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const headerSlow = slow.filter((_, i) => i % 50 !== 0);
      const bodySlow = slow.filter((_, i) => i % 50 === 0);
      const latest = (list: SlowConnection[]) => Math.max(...list.map((c) => c.closedAfter ?? Infinity));
      report('slow clients', {
        injected: `${SLOW} connections sending one byte a second (${headerSlow.length} in their headers, ${bodySlow.length} in their body); one POST announcing a 100 MB body`,
        'others: statuses': [...new Set(statuses)],
        'others: slowest answer (ms), before the slow clients and among them': [baseline.slowest, slowest],
        'header-slow closed by (ms)': latest(headerSlow),
        'body-slow closed by (ms)': latest(bodySlow),
        'slow answers 408': slow.filter((c) => c.answer.startsWith('HTTP/1.1 408')).length,
        'oversize answer': oversizeStatus,
      });
      expect(statuses).toEqual(Array(20).fill(200));
      // A busy machine (CI) is slow anyway: compared with the same reads before the slow clients came.
      expect(slowest).toBeLessThan(baseline.slowest + 2000);
      expect(oversizeStatus).toBe(413);
      expect(oversize).toContain('request_too_large');
      expect(latest(headerSlow)).toBeLessThan(HEADERS_TIMEOUT_MS + 5_000);
      expect(latest(bodySlow)).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
    } finally {
      for (const c of slow) c.socket.destroy();
      await server.kill();
      await database.drop();
    }
  }, 120_000);
});
