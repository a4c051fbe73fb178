import { openDatabase, type DatabaseHandle } from './db/database.js';
import { underBootLock } from './db/boot-lock.js';
import { migrateToLatest } from './db/migrations.js';
import { importCatalogFile } from './catalog/import-catalog.js';
import type { Settings } from './settings.js';

/**
 * Opens the database and brings it up to date; loads the demo catalog into an empty one. Both run
 * under one advisory lock (PostgreSQL), so several processes may start at once on one database.
 */
export async function bootDatabase(settings: Settings, log: (msg: string) => void, now = new Date(), onConnectionError?: (error: Error) => void): Promise<DatabaseHandle> {
  const handle = openDatabase(settings.databaseUrl, { pgPool: settings.pgPool, onConnectionError });
  try {
    await underBootLock(handle, settings.databaseUrl, async () => {
      const applied = await migrateToLatest(handle);
      if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
      if (settings.seed === 'demo') {
        // Stays outside a repository (docs/architecture.md#repositories): boot's one demo-seed check, run under the boot lock before any area serves.
        const seller = await handle.db.selectFrom('seller').select('id').limit(1).executeTakeFirst();
        if (!seller) {
          const summary = await importCatalogFile(handle.db, settings.seedFile, now);
          log(`demo catalog loaded: ${summary.events} events, ${summary.sessions.total} sessions`);
        }
      }
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
