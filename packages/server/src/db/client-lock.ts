import { sql } from 'kysely';
import type { Dialect, Tx } from './database.js';

/**
 * Serialises the transactions of one client (identity, address) until they end, so a count of
 * what the client holds stays true until the transaction adds to it: concurrent reservations
 * from one address cannot each see room and together pass the limit. PostgreSQL: transaction
 * advisory locks, taken in sorted order (no deadlock between two clients' keys). SQLite runs one
 * write transaction at a time anyway.
 */
export async function lockClientKeys(tx: Tx, dialect: Dialect, keys: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 17))`.execute(tx);
  }
}
