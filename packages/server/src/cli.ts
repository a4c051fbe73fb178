import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { backupDatabase } from './db/backup-database.js';
import { restoreDatabase } from './db/restore-database.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { exportCatalog } from './catalog/export-catalog.js';
import { CatalogInvalidError, importCatalogFile } from './catalog/import-catalog.js';
import { validateCatalog } from './catalog/validate-catalog.js';
import { readSettings, SettingsError } from './settings.js';
import { addMember } from './users/add-member.js';
import { AppError } from './http/app-error.js';
import { INJECT_USAGE, injectFromRequest, parseInjectArgs } from './cart/inject-command.js';
import { runStaffCommand, STAFF_USAGE } from './staff/staff-command.js';

const USAGE = `Usage: npm run foyer -- <command>
  catalog validate <file>           check a catalog; every problem with its JSON path
  catalog import <file>             import (or re-import) a catalog, in one transaction
  catalog export [--seller key] [--out file]   write a seller's catalog as JSON
  member add --scan-code ID --first NAME --last NAME [--zip CODE] [--email ADDRESS] [--seller key]
                                    add a member who logs in with member id and ZIP code or last name
${INJECT_USAGE}
${STAFF_USAGE}
  staff token                       print a new random staff token for FOYER_STAFF_TOKENS (door scanners: POST /api/checkin)
  backup <file>                     copy the database to a new file while it runs (SQLite's backup API; PostgreSQL: pg_dump)
  restore <file>                    bring a backup back into an empty database (SQLite file, or pg_restore)
Environment: DATABASE_URL (default sqlite:./data/foyer.db), FOYER_PUBLIC_URL (the payment link's base)`;

async function run(args: string[]): Promise<number> {
  const [area, command, ...rest] = args;
  if (area === 'backup') return backup(command);
  if (area === 'restore') return restore(command);
  if (area === 'staff' && command === 'token') {
    // Shown once, stored nowhere: the operator adds it to FOYER_STAFF_TOKENS (the server keeps its hash).
    console.log(randomBytes(32).toString('base64url'));
    return 0;
  }
  if ((area !== 'catalog' && area !== 'member' && area !== 'cart' && area !== 'staff') || !command) {
    console.error(USAGE);
    return 2;
  }
  const option = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (command === 'validate') {
    const file = rest[0];
    if (!file) return (console.error(USAGE), 2);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      console.error(`$: cannot read ${file}: ${(error as Error).message}`);
      return 1;
    }
    const check = validateCatalog(json);
    if (check.ok) {
      console.log(`${file}: valid (${check.catalog.events.length} events, ${check.catalog.ticket_types.length} ticket types)`);
      return 0;
    }
    for (const p of check.problems) console.error(`${p.path}: ${p.message}`);
    console.error(`${check.problems.length} problem(s) in ${file}`);
    return 1;
  }
  const settings = readSettings();
  const handle = openDatabase(settings.databaseUrl, { pgPool: settings.pgPool });
  try {
    await migrateToLatest(handle);
    if (area === 'staff') {
      return await runStaffCommand(handle.db, [command, ...rest], { out: console.log, err: console.error, stdin: process.stdin, publicUrl: settings.publicUrl, now: new Date() });
    }
    if (area === 'cart') {
      if (command !== 'inject') return (console.error(USAGE), 2);
      const made = await injectFromRequest(handle.db, handle.dialect, await parseInjectArgs(rest), settings.publicUrl, new Date());
      console.log(`cart ${made.cartNumber} (${made.cartId}) created, total ${made.total}`);
      console.log(`payment link (single use): ${made.link}`);
      return 0;
    }
    if (area === 'member') {
      const [scanCode, first, last] = [option('--scan-code'), option('--first'), option('--last')];
      if (command !== 'add' || !scanCode || !first || !last) return (console.error(USAGE), 2);
      const member = await addMember(
        handle.db,
        { seller: option('--seller'), email: option('--email'), first_name: first, last_name: last, scan_code: scanCode, zip_code: option('--zip') },
        new Date(),
      );
      console.log(`member ${member.scan_code} added: ${member.first_name} ${member.last_name} <${member.email}>`);
      return 0;
    }
    if (command === 'import') {
      const file = rest[0];
      if (!file) return (console.error(USAGE), 2);
      const summary = await importCatalogFile(handle.db, file, new Date());
      console.log(`imported ${file}: ${summary.events} events; sessions ${summary.sessions.total} (${summary.sessions.inserted} new, ${summary.sessions.deleted} removed)`);
      return 0;
    }
    if (command === 'export') {
      const catalog = await exportCatalog(handle.db, option('--seller'));
      const text = `${JSON.stringify(catalog, null, 2)}\n`;
      const out = option('--out');
      if (out) await writeFile(out, text);
      else process.stdout.write(text);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await handle.close();
  }
}

/** `backup <file>`: SQLite's online backup, or pg_dump on PostgreSQL; exit 2 for a missing file name. */
async function backup(file: string | undefined): Promise<number> {
  if (!file) return (console.error(USAGE), 2);
  const settings = readSettings();
  const { how } = await backupDatabase(settings.databaseUrl, file);
  console.log(`backed up the ${settings.databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'} database to ${file} (${how})`);
  return 0;
}

/** `restore <file>`: a backup into an empty database; exit 2 for a missing file name. */
async function restore(file: string | undefined): Promise<number> {
  if (!file) return (console.error(USAGE), 2);
  const settings = readSettings();
  const { tables } = await restoreDatabase(settings.databaseUrl, file);
  console.log(`restored ${file} (${tables} tables): start Foyer on it (it migrates a backup older than this version)`);
  return 0;
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof CatalogInvalidError) {
      for (const p of error.problems) console.error(`${p.path}: ${p.message}`);
      console.error(`${error.problems.length} problem(s); nothing was imported.`);
    } else if (error instanceof SettingsError || error instanceof AppError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
