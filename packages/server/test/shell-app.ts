import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { FIXTURE, getJson, idOf, NOW, testApp, type TestApp } from './harness.js';

export interface ShellApp {
  t: TestApp;
  /** The build directory the server reads its shell from. */
  dist: string;
  /** The test catalog's General Admission. */
  ga: string;
}

/**
 * A test app whose storefront build is `files` (path → text; index.html at least), in a directory
 * of its own, for the describe block it is called in: the HTML shell tests. Their pages are not
 * cached (FOYER_CACHE_TTL_MS 0): they change the catalog under the app and read the page again
 * (the cache has its own tests, server-render.test.ts).
 */
export function useShellApp(dialect: Dialect, files: Record<string, string>, env: NodeJS.ProcessEnv = {}): ShellApp {
  const shell = {} as ShellApp;
  beforeAll(async () => {
    shell.dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(shell.dist, path)), { recursive: true });
      writeFileSync(join(shell.dist, path), text);
    }
    shell.t = await testApp(dialect, { webDist: shell.dist, env: { FOYER_DEFAULT_SELLER: 'testmuseum', FOYER_CACHE_TTL_MS: '0', ...env } });
    shell.ga = idOf((await getJson(shell.t.app, '/api/events/available')).body.event_template, 'General Admission');
  });
  afterAll(async () => {
    await shell.t.close();
    rmSync(shell.dist, { recursive: true, force: true });
  });
  return shell;
}

/** Another seller's General Admission (the test catalog imported again as "othermuseum"): never the default seller's to show. */
export async function otherSellersEvent(t: TestApp): Promise<string> {
  const catalog = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  await importCatalog(t.db, { ...catalog, seller: { ...catalog.seller, key: 'othermuseum', name: 'Other Museum' } }, { baseDir: dirname(FIXTURE), now: NOW });
  const other = await t.db
    .selectFrom('event_template')
    .innerJoin('seller', 'seller.id', 'event_template.seller_id')
    .select('event_template.id')
    .where('seller.catalog_key', '=', 'othermuseum')
    .where('event_template.name', '=', 'General Admission')
    .executeTakeFirstOrThrow();
  return other.id;
}
