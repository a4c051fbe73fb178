import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';

export class BackupUnsupportedError extends Error {}

export const PG_BACKUP_ADVICE = `PostgreSQL databases are backed up with pg_dump, not with this command:
  pg_dump --format=custom --file=foyer.dump "$DATABASE_URL"
and restored into an empty database with:
  pg_restore --no-owner --dbname="$DATABASE_URL" foyer.dump
(see docs/deploy.md, "Backups").`;

/**
 * Copies a SQLite database to `file` with SQLite's online backup API: consistent while the server
 * keeps running and writing. PostgreSQL has pg_dump for this (BackupUnsupportedError says so).
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<{ pages: number }> {
  if (!databaseUrl.startsWith('sqlite:')) throw new BackupUnsupportedError(PG_BACKUP_ADVICE);
  const path = databaseUrl.slice('sqlite:'.length);
  if (path === ':memory:' || !existsSync(path)) throw new Error(`There is no SQLite database at ${path}.`);
  if (existsSync(file)) throw new Error(`${file} exists already: choose a new file (a backup never overwrites).`);
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const result = await sqlite.backup(file);
    return { pages: result.totalPages };
  } finally {
    sqlite.close();
  }
}
