import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../e2e/free-port.js';
import { openDatabase, type Dialect } from '../src/db/database.js';
import { catalogIds } from './cart-client.js';
import { dialects, FIXTURE, freshDatabase } from './harness.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** One POST on a connection of its own: a status, or the connection error (nothing was answered). */
function post(port: number, path: string, body: unknown): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const text = JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), app: 'ecomm' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end(text);
  });
}

async function databaseFor(dialect: Dialect) {
  if (dialect === 'postgres') {
    const database = await freshDatabase('postgres');
    await database.close();
    return { url: database.url, drop: () => database.drop() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'foyer-shutdown-'));
  return { url: `sqlite:${join(dir, 'foyer.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

describe.each(dialects())('graceful shutdown on SIGTERM (%s)', (dialect) => {
  it('answers every request it accepted, commits exactly those, and exits 0', async () => {
    const database = await databaseFor(dialect);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, FOYER_SEED: 'demo', FOYER_SEED_FILE: FIXTURE, LOG_LEVEL: 'error', FOYER_PG_POOL: '4' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let tries = 0; ; tries++) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (ok) break;
        if (tries > 160) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
      // The seed ran at the real clock: take the hot event's next session.
      const handle = openDatabase(database.url);
      const ids = await catalogIds(handle.db);
      const session = await handle.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event('hot')).where('start_datetime', '>', new Date(Date.now() + 86_400_000).toISOString()).orderBy('start_datetime').executeTakeFirstOrThrow();
      await handle.close();
      const reserve = { add: [{ ticket_type_id: ids.type('adult'), event_session_id: session.id }] };

      const answers: number[] = [];
      const errors: string[] = [];
      let signalled = false;
      // Four clients reserve one ticket each call (a new guest cart each time) until the server is gone.
      const client = async () => {
        for (;;) {
          const res = await post(port, '/api/my/cart/modify', reserve);
          if ('error' in res) {
            errors.push(res.error);
            if (signalled) return;
            continue;
          }
          answers.push(res.status);
          if (!signalled && answers.length >= 30) {
            signalled = true;
            child.kill('SIGTERM');
          }
        }
      };
      await Promise.all([client(), client(), client(), client()]);
      expect(await exited).toBe(0);

      // Nothing answered 5xx. What failed was refused at connect, or reset while still waiting in the
      // listen queue unread (the count below proves no such request was carried out).
      expect(answers.filter((s) => s !== 200)).toEqual([]);
      expect(errors.filter((e) => e !== 'ECONNREFUSED' && e !== 'ECONNRESET')).toEqual([]);
      expect(errors).toContain('ECONNREFUSED');
      // Every answered reservation is committed and nothing unanswered is.
      const after = openDatabase(database.url);
      const held = await after.db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await after.close();
      expect(held.n).toBe(answers.length);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await database.drop();
    }
  }, 60_000);
});
