import pg from 'pg';
import type { DatabaseHandle } from './database.js';

/** Any fixed 64-bit number: the key of the advisory lock that start-up work takes. */
const BOOT_LOCK_KEY = 4_242_017_001;

/**
 * Runs `work` (migrations and the first seed) while holding a PostgreSQL session-level advisory
 * lock, so several processes starting at once on one empty database take turns: the first one
 * migrates and seeds, the others then find the work done. The lock lives on a connection of its
 * own, so it holds even when the pool has a single connection. SQLite needs no lock: one process
 * owns the file, and its writes are serialised anyway.
 */
export async function underBootLock<T>(handle: DatabaseHandle, url: string, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock too; unlock first so the next process need not wait for the socket.
    await client.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
