import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';

describe('SQLite WAL checkpoints off the request thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-wal-'));
  let handle: DatabaseHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the worker copies committed pages into the database file while the server keeps writing', async () => {
    const path = join(dir, 'foyer.db');
    handle = openDatabase(`sqlite:${path}`);
    await migrateToLatest(handle);
    const fileSize = () => statSync(path).size;
    const before = fileSize();
    // About 2 MB of rows: far more than fits in the file as migrated.
    const big = 'x'.repeat(2000);
    for (let i = 0; i < 1000; i++) await handle.db.insertInto('counter').values({ name: `${big}${i}`, value: i }).execute();
    const deadline = Date.now() + 5000;
    while (fileSize() < before + 1_500_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(fileSize()).toBeGreaterThan(before + 1_500_000);
    expect(Number((await handle.db.selectFrom('counter').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThanOrEqual(1000);
  });
});
