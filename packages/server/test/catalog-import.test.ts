import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { exportCatalog } from '../src/catalog/export-catalog.js';
import { expandSchedule } from '../src/catalog/expand-schedule.js';
import { CatalogInvalidError, importCatalog, importCatalogFile } from '../src/catalog/import-catalog.js';
import { validateCatalog } from '../src/catalog/validate-catalog.js';
import { dialects, FIXTURE, freshDatabase, NOW } from './harness.js';
import { dirname } from 'node:path';
import { sql } from 'kysely';

const fixture = async () => JSON.parse(await readFile(FIXTURE, 'utf8'));

async function counts(db: Awaited<ReturnType<typeof freshDatabase>>['db']) {
  const tables = ['seller', 'venue', 'image', 'event_template', 'ticket_type', 'ticket_group', 'ticket_group_rule', 'event_session', 'message_rule', 'membership_rule', 'config_entry'] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = row.n;
  }
  return out;
}

describe('catalog validation', () => {
  it('accepts the fixture and the demo catalog', async () => {
    expect(validateCatalog(await fixture()).ok).toBe(true);
    const demo = JSON.parse(await readFile(new URL('../../../catalog/demo.json', import.meta.url), 'utf8'));
    const check = validateCatalog(demo);
    expect(check.ok ? [] : check.problems).toEqual([]);
  });

  it('names every bad JSON path', async () => {
    const c = await fixture();
    c.seller.currency = 'dollars';
    c.events[0].venue = 'annex';
    c.events[0].ticket_groups[0].types[0].ticket_type = 'pensioner';
    c.ticket_types[1].price = '10.505';
    c.config[0].resource = 'nothing';
    const check = validateCatalog(c);
    expect(check.ok).toBe(false);
    // Shape problems are reported first; fix them and the reference problems show.
    expect(!check.ok && check.problems.map((p) => p.path)).toEqual(['$.seller.currency', '$.ticket_types[1].price']);
    c.seller.currency = 'USD';
    c.ticket_types[1].price = '10.50';
    const second = validateCatalog(c);
    expect(!second.ok && second.problems.map((p) => p.path)).toEqual([
      '$.events[0].venue',
      '$.events[0].ticket_groups[0].types[0].ticket_type',
      '$.config[0].resource',
    ]);
  });

  it('expands schedules in the venue timezone across a daylight-saving change', () => {
    const sessions = expandSchedule(
      { from: '2026-03-07', to: '2026-03-09', times: ['09:00'], duration_minutes: 30, capacity: 5, oversell_capacity: 0 },
      '2026-01-01',
      'America/New_York',
    );
    expect(sessions.map((s) => s.start)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    expect(sessions[0].end).toBe('2026-03-07T14:30:00.000Z');
  });

  it('keeps to the given weekdays', () => {
    // 2026-06-01 is a Monday.
    const sessions = expandSchedule({ from: 'today', to: 'today+6', weekdays: [6, 7], times: ['10:00'], duration_minutes: 60, capacity: 1, oversell_capacity: 0 }, '2026-06-01', 'UTC');
    expect(sessions.map((s) => s.start.slice(0, 10))).toEqual(['2026-06-06', '2026-06-07']);
  });
});

describe.each(dialects())('catalog import on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  afterEach(() => database.drop());

  it('is idempotent: a re-import updates, never duplicates, and keeps ids and sales', async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, FIXTURE, NOW);
    const first = await counts(database.db);
    expect(first).toMatchObject({ seller: 1, event_template: 8, ticket_type: 8, event_session: 21 + 5, config_entry: 4 });
    const ga = await database.db.selectFrom('event_template').select(['id']).where('catalog_key', '=', 'ga').executeTakeFirstOrThrow();
    const session = await database.db.selectFrom('event_session').selectAll().where('event_template_id', '=', ga.id).orderBy('start_datetime', 'desc').executeTakeFirstOrThrow();
    await database.db.updateTable('event_session').set({ used_capacity: 4 }).where('id', '=', session.id).execute();

    const changed = await fixture();
    changed.events[0].name = 'General Admission (renamed)';
    await importCatalog(database.db, changed, { baseDir: dirname(FIXTURE), now: NOW });
    expect(await counts(database.db)).toEqual(first);
    const after = await database.db.selectFrom('event_template').select(['id', 'name']).where('catalog_key', '=', 'ga').executeTakeFirstOrThrow();
    expect(after).toEqual({ id: ga.id, name: 'General Admission (renamed)' });
    const kept = await database.db.selectFrom('event_session').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(kept.used_capacity).toBe(4);
  });

  it('removes unsold sessions dropped from a schedule and keeps sold ones', async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, FIXTURE, NOW);
    const ga = await database.db.selectFrom('event_template').select('id').where('catalog_key', '=', 'ga').executeTakeFirstOrThrow();
    const c = await fixture();
    c.events[0].schedules[0].times = ['10:00'];
    c.events[0].session_usage = c.events[0].session_usage.filter((u: { start: string }) => u.start.endsWith('10:00'));
    await importCatalog(database.db, c, { baseDir: dirname(FIXTURE), now: NOW });
    const sessions = await database.db.selectFrom('event_session').select(['start_datetime', 'used_capacity']).where('event_template_id', '=', ga.id).execute();
    // 7 sessions at 10:00 (14:00 UTC) remain, plus the three later sessions that had sales.
    expect(sessions.length).toBe(7 + 3);
    const unplanned = sessions.filter((s) => !s.start_datetime.endsWith('T14:00:00.000Z'));
    expect(unplanned.map((s) => s.used_capacity).sort()).toEqual([10, 10, 7].sort());
  });

  it('changes nothing when any part fails', async () => {
    database = await freshDatabase(dialect);
    const c = await fixture();
    c.images[0].file = 'missing.png';
    await expect(importCatalog(database.db, c, { baseDir: dirname(FIXTURE), now: NOW })).rejects.toBeInstanceOf(CatalogInvalidError);
    expect((await counts(database.db)).seller).toBe(0);

    // A failure late inside the transaction (the last tables written are unavailable) rolls
    // back everything written before it.
    await importCatalogFile(database.db, FIXTURE, NOW);
    const before = await counts(database.db);
    const changed = await fixture();
    changed.events[1].name = 'Should not stick';
    changed.ticket_types.push({ key: 'extra', name: 'Extra', price: '1.00' });
    await sql`ALTER TABLE membership_rule RENAME TO membership_rule_away`.execute(database.db);
    await expect(importCatalog(database.db, changed, { baseDir: dirname(FIXTURE), now: NOW })).rejects.toThrow();
    await sql`ALTER TABLE membership_rule_away RENAME TO membership_rule`.execute(database.db);
    expect(await counts(database.db)).toEqual(before);
    const concert = await database.db.selectFrom('event_template').select('name').where('catalog_key', '=', 'concert').executeTakeFirstOrThrow();
    expect(concert.name).toBe('Evening Concert');
  });

  it('exports a catalog that imports back to the same content', async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, FIXTURE, NOW);
    const exported = await exportCatalog(database.db);
    expect(validateCatalog(exported).ok).toBe(true);
    const other = await freshDatabase(dialect);
    try {
      await importCatalog(other.db, exported, { baseDir: '/', now: NOW });
      expect(await counts(other.db)).toEqual(await counts(database.db));
      const again = await exportCatalog(other.db);
      expect(again).toEqual(exported);
    } finally {
      await other.drop();
    }
  });
});
