import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { backupPostgres } from './restore-database.js';

/**
 * `foyer backup <file>` (docs/deploy.md "Backups"): SQLite is copied with its online backup API,
 * consistent while the server keeps running and writing; PostgreSQL is dumped by pg_dump (one
 * snapshot, custom format). Never overwrites a file. `foyer restore` brings either back.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<{ how: string }> {
  if (existsSync(file)) throw new Error(`${file} exists already: choose a new file (a backup never overwrites).`);
  if (!databaseUrl.startsWith('sqlite:')) {
    await backupPostgres(databaseUrl, file);
    return { how: 'pg_dump, custom format' };
  }
  const path = databaseUrl.slice('sqlite:'.length);
  if (path === ':memory:' || !existsSync(path)) throw new Error(`There is no SQLite database at ${path}.`);
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const result = await sqlite.backup(file);
    return { how: `${result.totalPages} pages` };
  } finally {
    sqlite.close();
  }
}
