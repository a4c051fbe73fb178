import type { Db, Tx } from '../db/database.js';

/**
 * The sessions whose capacity (or seat states) a write transaction changed, heard once it has
 * committed (docs/performance.md#reserve): the response cache forgets only the
 * events they belong to (http/response-cache.ts) and, without a database listener, the live hub
 * pushes them (live/live.routes.ts). The capacity repository notes every take and give-back on its
 * transaction; inWriteTransaction (db/write-batch.ts) gives each unit of work its own note and
 * reports the committed ones. A transaction rolled back (a refused write) reports nothing.
 * (Collected at the transaction boundary, not per request through AsyncLocalStorage, whose
 * promise hooks cost every request of the process.)
 */
const notes = new WeakMap<Tx, Set<string>>();

/** From now on, what is noted on `tx` goes into `into` (inWriteTransaction, per unit of work). */
export function collectCapacityChanges(tx: Tx, into: Set<string>) {
  notes.set(tx, into);
}

/** This transaction changed the session's capacity or seats; outside inWriteTransaction the note goes nowhere. */
export function noteCapacityChange(tx: Tx, sessionId: string) {
  notes.get(tx)?.add(sessionId);
}

/** What it returns is awaited when it is a promise. */
type CommittedListener = (sessionIds: ReadonlySet<string>) => unknown;
const listeners = new WeakMap<Db, Set<CommittedListener>>();

/**
 * Hears the sessions each committed write on `db` changed; answers the unsubscribe. A listener
 * only reads: SQLite's write batch waits for it before its next batch, so a write from it would wait forever.
 */
export function onCapacityCommitted(db: Db, listener: CommittedListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * Tells the listeners (awaited: the write is answered only after the caches forgot what it
 * changed). The write has committed: a listener's failure is its own (each catches and logs).
 */
export async function capacityCommitted(db: Db, sessionIds: ReadonlySet<string>) {
  if (!sessionIds.size) return;
  const set = listeners.get(db);
  if (!set) return;
  for (const listener of set) {
    try {
      await listener(sessionIds);
    } catch {
      // Not the writer's failure: see above.
    }
  }
}
