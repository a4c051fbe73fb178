import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { startCheckpointer } from './wal-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database> | Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens `sqlite:<path>` (WAL) or `postgres://…` (a pool of `pgPool` connections). The only place that knows about drivers. */
export function openDatabase(url: string, options: { pgPool?: number; onConnectionError?: (error: Error) => void } = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // COUNT(*) and BIGINT come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    // A server that does not answer a new connection within 5 s fails the request (503) instead of
    // queueing it past the request timeout.
    const pool = new pg.Pool({ connectionString: url, max: options.pgPool ?? 10, connectionTimeoutMillis: 5000 });
    const lost = options.onConnectionError ?? ((error: Error) => console.warn(`[foyer] database connection lost: ${error.message}`));
    // A connection dropped by the server (restart, failover, pg_terminate_backend) must not crash
    // the process (docs/deploy.md "What Foyer survives"). Idle ones the pool reports here; one
    // lent to a transaction has no listener of the pool's, and an unheard 'error' event would end
    // the process: each connection gets its own. Its query in flight fails (503), and the pool
    // discards it on release and opens a new one on demand.
    pool.on('error', lost);
    // (the pool already reports idle ones, and a lent one's next query fails and is answered 503)
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}:…`);
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const checkpointer = path === ':memory:' ? null : startCheckpointer(path, () => sqlite.open && sqlite.pragma('wal_autocheckpoint = 1000'));
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

const NOTHING_TO_ROLL_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) };

/**
 * Kysely prepares every query anew; preparing costs as much as running a small one. Statements
 * are reusable, so keep the most recent ones by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // SQLite rolls a transaction back by itself when the disk is full or I/O fails; Kysely's
      // ROLLBACK would then fail with "no transaction is active" and hide the cause (a 503, see
      // db/unavailable.ts) behind a 500. With no transaction open, ROLLBACK has nothing to do.
      if (text === 'rollback' && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK as unknown as SQLite.Statement;
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= size) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Type of binary column per dialect. */
export function binaryColumnType(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'sqlite' ? 'blob' : 'bytea';
}
