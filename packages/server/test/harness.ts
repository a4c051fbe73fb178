import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { importCatalogFile } from '../src/catalog/import-catalog.js';
import { readSettings } from '../src/settings.js';

export const FIXTURE = fileURLToPath(new URL('./fixtures/test-catalog.json', import.meta.url));
/** The fixed clock of the tests: a Monday noon in New York. */
export const NOW = new Date('2026-06-01T16:00:00.000Z');

/** SQLite always; PostgreSQL when FOYER_TEST_PG_URL is set (CI sets it). */
export function dialects(): Dialect[] {
  return process.env.FOYER_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A fresh, empty, migrated database of the dialect; `drop` removes it. */
export async function freshDatabase(dialect: Dialect): Promise<DatabaseHandle & { url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const url = 'sqlite::memory:';
    const handle = openDatabase(url);
    await migrateToLatest(handle);
    return { ...handle, url, drop: () => handle.close() };
  }
  const admin = process.env.FOYER_TEST_PG_URL!;
  const name = `foyer_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  await migrateToLatest(handle);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // Our pool has ended, but its backends may take a moment to exit: wait for them rather than
      // FORCE-killing a connection that is still closing (that surfaces as an uncaught error).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 40 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if (attempt >= 40) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's clock: tests move it forward. */
  clock: { now: Date; advance(ms: number): void };
  db: DatabaseHandle['db'];
  dialect: Dialect;
  close(): Promise<void>;
}

/** The real app on a fresh database loaded with the test catalog, at the fixed clock. */
export async function testApp(dialect: Dialect, options: { catalog?: string | null; now?: Date; env?: NodeJS.ProcessEnv; webDist?: string; plugins?: KyselyPlugin[] } = {}): Promise<TestApp> {
  const fresh = await freshDatabase(dialect);
  // Plugins (a test watching the queries the app builds) see the app's and the test's queries.
  const database = { ...fresh, db: (options.plugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), fresh.db) };
  const clock = {
    now: options.now ?? NOW,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  if (options.catalog !== null) await importCatalogFile(database.db, options.catalog ?? FIXTURE, clock.now);
  const settings = { ...readSettings(options.env ?? {}), webDist: options.webDist ?? '/nonexistent' };
  const app = await buildApp({ db: database.db, dialect, settings, now: () => clock.now });
  return {
    app,
    clock,
    db: database.db,
    dialect,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export async function getJson(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { app: 'ecomm' } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}

export async function postJson(app: FastifyInstance, url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { app: 'ecomm' } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

/** Looks an id up by name in a document's list. */
export function idOf(list: { _data: { id: string; name?: string }[] }, name: string): string {
  const found = list._data.find((x) => x.name === name);
  if (!found) throw new Error(`no "${name}" in ${list._data.map((x) => x.name).join(', ')}`);
  return found.id;
}

/** What the storefront's client sends on every state-changing call, body or not (see http/csrf-guard.ts). */
export function jsonContentType(method: string): Record<string, string> {
  return method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' };
}
