import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bootDatabase } from '../src/boot.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { readSettings } from '../src/settings.js';
import { FIXTURE, NOW } from './harness.js';

const settingsFor = (databaseUrl: string) => ({ ...readSettings({ DATABASE_URL: databaseUrl }), seedFile: FIXTURE });

async function counts(handle: DatabaseHandle) {
  const sellers = await handle.db.selectFrom('seller').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sessions = await handle.db.selectFrom('event_session').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { sellers: sellers.n, sessions: sessions.n };
}

describe('start-up on an empty database', () => {
  it('sqlite: a second start finds the database migrated and seeded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-boot-'));
    try {
      const url = `sqlite:${join(dir, 'foyer.db')}`;
      const logs: string[] = [];
      const first = await bootDatabase(settingsFor(url), (m) => logs.push(m), NOW);
      const once = await counts(first);
      await first.close();
      const second = await bootDatabase(settingsFor(url), (m) => logs.push(m), NOW);
      expect(await counts(second)).toEqual(once);
      expect(once.sellers).toBe(1);
      await second.close();
      expect(logs.filter((m) => m.startsWith('demo catalog loaded'))).toHaveLength(1);
      expect(logs.filter((m) => m.startsWith('migrations applied'))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(!!process.env.FOYER_TEST_PG_URL)('postgres: three processes starting at once all come up; migrations and seed run once', async () => {
    const admin = process.env.FOYER_TEST_PG_URL!;
    const name = `foyer_boot_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const run = async (text: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const logs: string[] = [];
    try {
      // Each boot opens its own pool, as separate processes would.
      const handles = await Promise.all([1, 2, 3].map(() => bootDatabase(settingsFor(url.toString()), (m) => logs.push(m), NOW)));
      const seen = await Promise.all(handles.map(counts));
      expect(seen[0].sellers).toBe(1);
      expect(seen[0].sessions).toBeGreaterThan(0);
      expect(seen).toEqual([seen[0], seen[0], seen[0]]);
      expect(logs.filter((m) => m.startsWith('demo catalog loaded'))).toHaveLength(1);
      expect(logs.filter((m) => m.startsWith('migrations applied'))).toHaveLength(1);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
