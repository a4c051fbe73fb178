import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { importCatalogFile } from '../src/catalog/import-catalog.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/database.js';
import { readSettings } from '../src/settings.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { freshDatabase, NOW } from './harness.js';

/**
 * Two servers on one fresh database with the catalog (PostgreSQL: a connection pool each, as two
 * `npm start`s would be), B listening over real HTTP; each with its own response cache, warm for
 * seconds, which the live /api paths must not depend on.
 */
export function useTwoServers(dialect: Dialect, catalog: string, env: Record<string, string> = {}) {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let second: DatabaseHandle | null = null;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlB: string;
  let ids: CatalogIds;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, catalog, NOW);
    // PostgreSQL: the servers know the database's URL, so each LISTENs for the other's changes (live/pg-listener.ts).
    const settings = { ...readSettings({ FOYER_CACHE_TTL_MS: '5000', ...(dialect === 'postgres' ? { DATABASE_URL: database.url } : {}), ...env }), webDist: '/nonexistent' };
    a = await buildApp({ db: database.db, dialect, settings, now: () => NOW });
    second = dialect === 'postgres' ? openDatabase(database.url) : null;
    b = await buildApp({ db: second?.db ?? database.db, dialect, settings, now: () => NOW });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
    ids = await catalogIds(database.db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second?.close();
    await database.drop();
  });
  return () => ({ a, b, urlB, ids, db: database.db, url: database.url });
}
