import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * `foyer restore <file>` (docs/deploy.md "Backups"): brings a backup made by `foyer backup` back
 * into an EMPTY database — one with tables is refused, so a restore never mixes two stores.
 * SQLite: the backup file is copied in with SQLite's backup API and checked
 * (`PRAGMA integrity_check`). PostgreSQL: `pg_restore --no-owner --exit-on-error` of the
 * pg_dump archive, in one transaction.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<{ tables: number }> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (databaseUrl.startsWith('sqlite:')) return restoreSqlite(databaseUrl.slice('sqlite:'.length), file);
  const tables = await postgresTables(databaseUrl);
  if (tables > 0) throw new Error(`The database is not empty (${tables} tables): restore into an empty database.`);
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file], { maxBuffer: 16 * 1024 * 1024 });
  return { tables: await postgresTables(databaseUrl) };
}

/** `foyer backup <file>` on PostgreSQL: pg_dump's custom archive (one snapshot while the server keeps writing). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl], { maxBuffer: 16 * 1024 * 1024 });
}

async function postgresTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
    return result.rows[0].n;
  } finally {
    await client.end();
  }
}

async function restoreSqlite(path: string, file: string): Promise<{ tables: number }> {
  if (path === ':memory:') throw new Error('Restore needs a database file, not :memory:.');
  if (existsSync(path)) {
    const target = new SQLite(path, { readonly: true, fileMustExist: true });
    const tables = (target.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    target.close();
    if (tables > 0) throw new Error(`The database at ${path} is not empty (${tables} tables): restore into an empty database.`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    await source.backup(path);
  } finally {
    source.close();
  }
  const restored = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    return { tables: (restored.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n };
  } finally {
    restored.close();
  }
}
