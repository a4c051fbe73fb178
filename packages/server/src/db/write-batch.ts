import { AsyncResource } from 'node:async_hooks';
import { sql } from 'kysely';
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
 */
export function inWriteTransaction<T>(db: Db, dialect: Dialect, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') return retryDeadlocks(() => db.transaction().execute(work));
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new WriteBatcher(db)));
  return batcher.run(work);
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
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many units share a commit, so one batch never keeps the others waiting long. */
const MAX_BATCH = 64;

class WriteBatcher {
  private queue: Unit[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Each unit runs in its caller's async context, not in that of the request whose turn
      // started the batch: what it notes (cart/capacity-changes.ts) belongs to its own request.
      this.queue.push({ work: AsyncResource.bind(work), resolve: resolve as (value: unknown) => void, reject });
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
      await this.db.transaction().execute(unit.work).then(unit.resolve, unit.reject);
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
    for (const { unit, value } of done) unit.resolve(value);
  }
}
