import { sql } from 'kysely';
import { capacityCommitted, collectCapacityChanges } from '../cart/capacity-changes.js';
import type { Db, Dialect, Tx } from './database.js';

/**
 * Group commit for SQLite. SQLite runs one write transaction at a time anyway, and its commit
 * (writing every changed page to the log) is the dearest statement of a reservation. Writes that
 * arrive while one is running wait in a queue; the next turn runs all of them in ONE transaction,
 * each inside its own savepoint: a unit that fails is rolled back alone and refused at once, the
 * others are answered only after the shared commit. Pages that several units change (the busy
 * session's row, the newest index leaves) are then written to the log once per batch.
 *
 * `work` must use only the transaction it is given (as with db.transaction()); on PostgreSQL,
 * where row locks let writers run side by side, each unit simply gets its own transaction, run
 * again when PostgreSQL broke a deadlock by aborting it.
 *
 * The sessions whose capacity a unit changed (noted on its transaction, cart/capacity-changes.ts)
 * are reported once it has committed, before it is answered; `changes`, when given, receives them too.
 */
export function inWriteTransaction<T>(db: Db, dialect: Dialect, work: (tx: Tx) => Promise<T>, changes?: Set<string>): Promise<T> {
  if (dialect === 'postgres') return retryDeadlocks(() => inOwnTransaction(db, work, changes));
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new WriteBatcher(db)));
  return batcher.run(work, changes);
}

/** One unit in a transaction of its own; its notes are reported after the commit. */
async function inOwnTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, changes?: Set<string>): Promise<T> {
  const noted = new Set<string>();
  const value = await db.transaction().execute((tx) => {
    collectCapacityChanges(tx, noted);
    return work(tx);
  });
  await reportChanges(db, noted, changes);
  return value;
}

async function reportChanges(db: Db, noted: Set<string>, changes?: Set<string>) {
  if (!noted.size) return;
  if (changes) for (const id of noted) changes.add(id);
  await capacityCommitted(db, noted);
}

const batchers = new WeakMap<Db, WriteBatcher>();

/** Attempts of a PostgreSQL transaction aborted as a deadlock's victim before the error is answered. */
const DEADLOCK_ATTEMPTS = 4;

/**
 * Two writers that lock the same rows in opposite orders (a cancel takes the ticket then the
 * session, a reschedule the session then the ticket) deadlock; PostgreSQL aborts one with 40P01.
 * Its transaction was rolled back whole, so running it again is safe, and it then waits for the
 * winner's locks and decides on what that one committed.
 */
async function retryDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: unknown } | null)?.code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

interface Unit {
  work: (tx: Tx) => Promise<unknown>;
  /** What the unit noted (its own set: units of a batch share the transaction, one after the other). */
  noted: Set<string>;
  changes?: Set<string>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many units share a commit, so one batch never keeps the others waiting long. */
const MAX_BATCH = 64;

class WriteBatcher {
  private queue: Unit[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  run<T>(work: (tx: Tx) => Promise<T>, changes?: Set<string>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, noted: new Set(), changes, resolve: resolve as (value: unknown) => void, reject });
      if (this.running) return;
      this.running = true;
      // better-sqlite3 answers synchronously, so a transaction runs start to finish without the
      // event loop taking in new requests. Starting on the next turn lets every request that
      // arrived in this one join the batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    try {
      while (this.queue.length) await this.runBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Unit[]) {
    if (batch.length === 1) {
      // Alone: a plain transaction, no savepoint to pay for.
      const [unit] = batch;
      await inOwnTransaction(this.db, unit.work, unit.changes).then(unit.resolve, unit.reject);
      return;
    }
    let trx;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const unit of batch) unit.reject(error);
      return;
    }
    const done: { unit: Unit; value: unknown }[] = [];
    try {
      for (const unit of batch) {
        await sql`savepoint unit`.execute(trx);
        collectCapacityChanges(trx, unit.noted);
        try {
          const value = await unit.work(trx);
          await sql`release savepoint unit`.execute(trx);
          done.push({ unit, value });
        } catch (error) {
          try {
            await sql`rollback to savepoint unit`.execute(trx);
            await sql`release savepoint unit`.execute(trx);
          } catch {
            // SQLite rolled the whole transaction back itself (disk full, I/O error): the batch
            // fails with that cause (a 503), not with the savepoint's "no such savepoint".
            throw error;
          }
          unit.reject(error);
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The shared transaction itself failed (e.g. the disk is full): nothing of it was kept.
      // (Units already refused keep their own error: a settled promise ignores a second reject.)
      await trx.rollback().execute().catch(() => {});
      for (const unit of batch) unit.reject(error);
      return;
    }
    // Committed: the caches hear what the batch changed (once), then its units are answered.
    const noted = new Set<string>();
    for (const { unit } of done) {
      for (const id of unit.noted) noted.add(id);
      if (unit.changes) for (const id of unit.noted) unit.changes.add(id);
    }
    await capacityCommitted(this.db, noted);
    for (const { unit, value } of done) unit.resolve(value);
  }
}
