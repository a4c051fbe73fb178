import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { exportCatalog } from '../src/catalog/export-catalog.js';
import { importCatalog, importCatalogFile } from '../src/catalog/import-catalog.js';
import { validateCatalog } from '../src/catalog/validate-catalog.js';
import { dialects, freshDatabase, NOW } from './harness.js';
import { SEATED_FIXTURE } from './seat-harness.js';
const fixture = async () => JSON.parse(await readFile(SEATED_FIXTURE, 'utf8'));
const problems = (input: unknown) => {
  const check = validateCatalog(input);
  return check.ok ? [] : check.problems;
};

describe('seat template validation', () => {
  it('accepts the seated fixture and the demo catalog', async () => {
    expect(problems(await fixture())).toEqual([]);
    const demo = JSON.parse(await readFile(new URL('../../../catalog/demo.json', import.meta.url), 'utf8'));
    expect(problems(demo)).toEqual([]);
  });

  it('refuses overlapping seats, naming both', async () => {
    const c = await fixture();
    c.seat_templates[0].sections[0].rows[1].runs[0].y = 90; // row B 10 units behind row A, radius 8
    const found = problems(c);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toEqual({ path: '$.seat_templates[0].sections[0].rows[1].runs[0]', message: 'Stalls row B seat 1 overlaps Stalls row A seat 1' });
  });

  it('refuses unknown groups: a seat in an undeclared zone, a group selling an undeclared zone', async () => {
    const c = await fixture();
    c.seat_templates[0].sections[1].rows[0].seats[0].zone = 'box';
    c.events[0].ticket_groups[1].seating.zones = ['standard', 'balcony'];
    expect(problems(c)).toEqual([
      { path: '$.seat_templates[0].sections[1].rows[0].seats[0]', message: 'Circle row C seat W1: unknown group (zone) "box"' },
      { path: '$.events[0].ticket_groups[1].seating.zones[1]', message: 'unknown group (zone) "balcony" in seat template "small-hall"' },
    ]);
  });

  it('refuses duplicate seat, row, section and zone names', async () => {
    const c = await fixture();
    const t = c.seat_templates[0];
    t.sections[1].rows[0].seats.push({ name: '3', x: 380, y: 280 }); // C 3 is in the run too
    t.sections[0].rows[1].name = 'A';
    t.zones.push({ key: 'premium', name: 'Again' });
    t.sections.push({ name: 'Circle', rows: [{ name: 'Z', seats: [{ name: '1', x: 380, y: 20 }] }] });
    const messages = problems(c).map((p) => p.message);
    expect(messages).toEqual(expect.arrayContaining([
      'duplicate zone "premium"',
      'duplicate row "A" in section "Stalls"',
      'duplicate section "Circle"',
      'duplicate seat name: Circle row C seat 3',
    ]));
  });

  it('refuses a seat outside the map, a seated group without seating, and a template of another venue', async () => {
    const c = await fixture();
    c.seat_templates[0].sections[1].rows[0].seats[0].x = 395;
    delete c.events[0].ticket_groups[2].seating;
    c.venues.push({ key: 'annex', name: 'Annex' });
    c.events[0].venue = 'annex';
    const messages = problems(c).map((p) => p.message);
    expect(messages).toContain('Circle row C seat W1 lies outside the 400×300 map');
    expect(messages).toContain('a "seated" group names its seat template and zones');
    expect(messages).toContain('seat template "small-hall" is a room of venue "hall", not "annex"');
  });
});

describe.each(dialects())('seat templates on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  afterEach(() => database.drop());

  it('imports seats (runs expanded, zones inherited, kills kept) and keeps seat ids on re-import', async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, SEATED_FIXTURE, NOW);
    const seats = await database.db.selectFrom('seat').selectAll().orderBy('rank').execute();
    expect(seats).toHaveLength(27);
    expect(seats.filter((s) => s.unavailable).map((s) => `${s.row_name}${s.name}`)).toEqual(['A5']);
    expect(new Set(seats.filter((s) => s.row_name === 'A').map((s) => s.zone))).toEqual(new Set(['premium']));
    expect(seats.find((s) => s.name === 'W1')).toMatchObject({ zone: 'wheelchair', r: 12, x: 40, y: 200 });
    expect(seats.find((s) => s.row_name === 'B' && s.name === '10')).toMatchObject({ x: 230, y: 110, zone: 'standard' });

    const c = await fixture();
    c.seat_templates[0].sections[1].rows[0].runs[0].to = 5; // C 6 leaves the map
    await importCatalog(database.db, c, { baseDir: '/', now: NOW });
    const again = await database.db.selectFrom('seat').selectAll().orderBy('rank').execute();
    expect(again).toHaveLength(27);
    expect(again.filter((s) => s.retired).map((s) => `${s.row_name}${s.name}`)).toEqual(['C6']);
    expect(again.filter((s) => !s.retired).map((s) => s.id)).toEqual(seats.filter((s) => !(s.row_name === 'C' && s.name === '6')).map((s) => s.id));
    const groups = await database.db.selectFrom('seat_group').selectAll().execute();
    expect(groups).toHaveLength(3);
  });

  it('exports seat templates and seating that import back to the same catalog', async () => {
    database = await freshDatabase(dialect);
    await importCatalogFile(database.db, SEATED_FIXTURE, NOW);
    const exported = await exportCatalog(database.db);
    expect(problems(exported)).toEqual([]);
    expect(exported.seat_templates?.[0].sections[0].rows[0].seats).toHaveLength(10);
    expect(exported.events?.[0].ticket_groups[0].seating).toEqual({ template: 'small-hall', zones: ['premium'] });
    const other = await freshDatabase(dialect);
    try {
      await importCatalog(other.db, exported, { baseDir: '/', now: NOW });
      expect(await exportCatalog(other.db)).toEqual(exported);
    } finally {
      await other.drop();
    }
  });
});
