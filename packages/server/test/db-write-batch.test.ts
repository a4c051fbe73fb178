import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWriteTransaction } from '../src/db/write-batch.js';
import { noteCapacityChange, onCapacityCommitted } from '../src/cart/capacity-changes.js';
import { dialects, freshDatabase } from './harness.js';

describe.each(dialects())('write transactions (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.drop());

  const names = async () => (await database.db.selectFrom('counter').select('name').where('name', 'like', 'wb-%').orderBy('name').execute()).map((r) => r.name);

  it('writes that arrive together all commit, except the one that fails, which changes nothing', async () => {
    const write = (name: string, fail = false) =>
      inWriteTransaction(database.db, dialect, async (tx) => {
        await tx.insertInto('counter').values({ name, value: 1 }).execute();
        await tx.updateTable('counter').set({ value: 2 }).where('name', '=', name).execute();
        if (fail) throw new Error(`refused ${name}`);
        return name;
      });
    const results = await Promise.allSettled([write('wb-a'), write('wb-b', true), write('wb-c'), write('wb-d', true), write('wb-e')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused wb-b');
    expect(await names()).toEqual(['wb-a', 'wb-c', 'wb-e']);
    expect((await database.db.selectFrom('counter').select('value').where('name', '=', 'wb-c').executeTakeFirstOrThrow()).value).toBe(2);
  });

  it("each write's capacity notes are its own, also when it shares a batch, and only committed ones are reported", async () => {
    const committed: string[][] = [];
    const stop = onCapacityCommitted(database.db, (sessions) => void committed.push([...sessions].sort()));
    try {
      // Three writes arriving together (one batch on SQLite), the first refused.
      const write = (session: string, fail: boolean) => {
        const noted = new Set<string>();
        const done = inWriteTransaction(
          database.db,
          dialect,
          (tx) => {
            noteCapacityChange(tx, session);
            return fail ? Promise.reject(new Error('refused')) : Promise.resolve();
          },
          noted,
        ).catch(() => null);
        return { noted, done };
      };
      const writes = [write('session-1', true), write('session-2', false), write('session-3', false)];
      await Promise.all(writes.map((w) => w.done));
      expect(writes.map((w) => [...w.noted])).toEqual([[], ['session-2'], ['session-3']]);
      // Heard before the writes were answered: once per shared commit (SQLite), or per transaction.
      expect(committed.flat().sort()).toEqual(['session-2', 'session-3']);
    } finally {
      stop();
    }
    // Once unsubscribed, nothing more is heard.
    await inWriteTransaction(database.db, dialect, (tx) => {
      noteCapacityChange(tx, 'session-4');
      return Promise.resolve();
    });
    expect(committed.flat()).not.toContain('session-4');
  });

  it('a write that breaks a constraint is refused alone; its neighbours keep theirs', async () => {
    const insert = (name: string) => inWriteTransaction(database.db, dialect, (tx) => tx.insertInto('counter').values({ name, value: 0 }).execute());
    const results = await Promise.allSettled([insert('wb-f'), insert('wb-a'), insert('wb-g')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names()).toEqual(['wb-a', 'wb-c', 'wb-e', 'wb-f', 'wb-g']);
  });

  it('answers a write only once it is committed: a reader after the answer sees it', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `wb-h${String(i).padStart(2, '0')}`);
    await Promise.all(
      many.map(async (name) => {
        await inWriteTransaction(database.db, dialect, (tx) => tx.insertInto('counter').values({ name, value: 0 }).execute());
        const seen = await database.db.selectFrom('counter').select('name').where('name', '=', name).executeTakeFirst();
        expect(seen?.name).toBe(name);
      }),
    );
  });

  it('two writers locking the same rows in opposite orders both commit (a deadlock victim runs again)', async () => {
    await database.db.insertInto('counter').values([{ name: 'wb-lock-1', value: 0 }, { name: 'wb-lock-2', value: 0 }]).execute();
    let arrived = 0;
    let release!: () => void;
    const bothHoldTheirFirst = new Promise<void>((resolve) => (release = resolve));
    const bump = (tx: Parameters<Parameters<typeof inWriteTransaction>[2]>[0], name: string) => tx.updateTable('counter').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', name).execute();
    const writer = (first: string, second: string) =>
      inWriteTransaction(database.db, dialect, async (tx) => {
        await bump(tx, first);
        // Each waits (on its first try) until the other holds its first row: then they cross.
        if (++arrived === 2) release();
        if (arrived <= 2) await Promise.race([bothHoldTheirFirst, new Promise((resolve) => setTimeout(resolve, 300))]);
        await bump(tx, second);
      });
    const results = await Promise.allSettled([writer('wb-lock-1', 'wb-lock-2'), writer('wb-lock-2', 'wb-lock-1')]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'fulfilled']);
    const values = await database.db.selectFrom('counter').select(['name', 'value']).where('name', 'like', 'wb-lock-%').orderBy('name').execute();
    expect(values.map((r) => r.value)).toEqual([2, 2]);
  });
});
