import { describe, expect, it } from 'vitest';
import { emptyDatabase, faultDialects, report, startServer } from './server-process.js';
import { hotSession, Shopper } from './shopper.js';

/** main.ts's shutdown limit (docs/deploy.md): a shutdown never takes longer. */
const SHUTDOWN_LIMIT_MS = 25_000;

describe.each(faultDialects())('a reader of stdout that stops reading (%s)', (dialect) => {
  it('does not block requests, and SIGTERM still ends the process within the shutdown limit', async () => {
    const database = await emptyDatabase(dialect);
    // LOG_LEVEL info: every request writes log lines to a stdout pipe that nobody reads, so it fills.
    const server = await startServer(database.url, { stdout: 'pipe', env: { LOG_LEVEL: 'info' } });
    try {
      server.child.stdout!.pause();
      const { add } = await hotSession(database.url);
      const statuses: number[] = [];
      let stop = false;
      const client = async () => {
        const shopper = new Shopper(server.base, 10_000);
        while (!stop) {
          const answer = await shopper.call('POST', '/api/my/cart/modify', { add });
          if (answer.status === -1) return; // the listener is closed: the server is shutting down
          statuses.push(answer.status);
          // A few reads too: each logs its lines as well.
          statuses.push((await shopper.call('GET', '/api/events/available')).status);
        }
      };
      const clients = Array.from({ length: 8 }, client);
      // Far more log output (~700 bytes a request at info) than a pipe holds (64 KiB in the kernel, as much in the reader's buffer).
      const loadStarted = Date.now();
      while (statuses.length < 400 && Date.now() - loadStarted < 60_000) await new Promise((r) => setTimeout(r, 100));
      const servedUnderLoad = statuses.length;
      const started = Date.now();
      process.kill(-server.child.pid!, 'SIGTERM');
      const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), SHUTDOWN_LIMIT_MS + 5_000))]);
      const tookMs = Date.now() - started;
      stop = true;
      await Promise.all(clients);
      report(`stuck stdout (${dialect})`, {
        injected: 'stdout a pipe never read, LOG_LEVEL=info, 8 clients reserving and reading, then SIGTERM to the process group',
        'answers while stdout was full': servedUnderLoad,
        'hung requests (no answer within 10 s)': statuses.filter((s) => s === 0).length,
        '5xx answers': statuses.filter((s) => s >= 500).length,
        'exit code': code,
        'exit after SIGTERM (ms)': tookMs,
      });
      expect(servedUnderLoad).toBeGreaterThanOrEqual(400);
      expect(statuses.filter((s) => s === 0 || s >= 500)).toEqual([]);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(SHUTDOWN_LIMIT_MS);
    } finally {
      await server.kill();
      await database.drop();
    }
  }, 120_000);
});
