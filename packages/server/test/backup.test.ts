import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { bootDatabase } from '../src/boot.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { readSettings } from '../src/settings.js';
import { CartClient, catalogIds } from './cart-client.js';
import { FIXTURE, NOW } from './harness.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const HOT = '2026-06-07T14:00:00.000Z';

/** The CLI as an operator runs it; resolves with its exit code and output. */
async function foyer(args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('backup (sqlite): online copy of a database with orders, restored by opening the copy', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-backup-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('copies while the server holds the database open; the copy serves the same orders', async () => {
    const live = `sqlite:${join(dir, 'live.db')}`;
    const settings = { ...readSettings({ DATABASE_URL: live }), seedFile: FIXTURE, webDist: '/nonexistent' };
    handle = await bootDatabase(settings, () => {}, NOW);
    const app = await buildApp({ db: handle.db, dialect: handle.dialect, settings, now: () => NOW });
    const ids = await catalogIds(handle.db);
    const buyer = new CartClient(app);
    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const cart = await buyer.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
      const cartId = cart.body.cart._data[0].id;
      const paid = await buyer.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
      expect(paid.status).toBe(200);
      orders.push(paid.body.ticket_order._data[0].id);
    }

    const copy = join(dir, 'copy.db');
    // The server is still running (its connection open, its WAL not checkpointed).
    const done = await foyer(['backup', copy], { DATABASE_URL: live });
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/backed up/);
    expect((await foyer(['backup', copy], { DATABASE_URL: live })).code).toBe(1); // never overwrites
    await app.close();
    await handle.close();

    // Restore = start on the copy: the orders are there and their owner reads them.
    const restoredSettings = { ...settings, databaseUrl: `sqlite:${copy}` };
    const restored = await bootDatabase(restoredSettings, () => {}, NOW);
    const restoredApp = await buildApp({ db: restored.db, dialect: restored.dialect, settings: restoredSettings, now: () => NOW });
    try {
      const again = new CartClient(restoredApp);
      again.cookie = buyer.cookie;
      for (const id of orders) {
        const read = await again.call('GET', `/api/ticket_order/${id}?_embed=ticket`);
        expect(read.status).toBe(200);
        expect(read.body.ticket._data).toHaveLength(1);
      }
    } finally {
      await restoredApp.close();
      await restored.close();
    }
  });

  it('postgres: runs pg_dump, and fails (exit 1, its message) when the server cannot be reached', async () => {
    const res = await foyer(['backup', join(dir, 'pg.dump')], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/pg_dump/);
  });
});
