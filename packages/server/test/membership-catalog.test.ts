import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { exportCatalog } from '../src/catalog/export-catalog.js';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { validateCatalog } from '../src/catalog/validate-catalog.js';
import { dialects, testApp } from './harness.js';
import { MEMBERSHIP_FIXTURE } from './membership-harness.js';

const fixture = async () => JSON.parse(await readFile(MEMBERSHIP_FIXTURE, 'utf8'));

describe('membership levels in the catalog', () => {
  it('names each bad level by its JSON path', async () => {
    const c = await fixture();
    c.membership_levels.push({ ticket_type: 'adult', roles: [{ role: 'member' }] });
    c.membership_levels.push({ ticket_type: 'm-dual', roles: [{ role: 'member' }] });
    c.membership_levels.push({ ticket_type: 'nope', roles: [{ role: 'member' }] });
    const check = validateCatalog(c);
    expect(check.ok ? [] : check.problems.map((p) => p.path)).toEqual(['$.membership_levels[3].ticket_type', '$.membership_levels[4].ticket_type', '$.membership_levels[5].ticket_type']);
    const roles = await fixture();
    roles.membership_levels[0].roles = [{ role: 'member', min: 2, max: 1 }, { role: 'wizard' }];
    const bad = validateCatalog(roles);
    expect(bad.ok).toBe(false);
  });
});

describe.each(dialects())('membership levels import and export on %s', (dialect) => {
  it('round-trips and re-imports idempotently', async () => {
    const t = await testApp(dialect, { catalog: MEMBERSHIP_FIXTURE });
    try {
      const exported = await exportCatalog(t.db);
      const original = await fixture();
      expect(exported.membership_levels).toEqual(
        original.membership_levels.map((l: { roles: { min?: number; email_required?: boolean }[] }) => ({
          ...l,
          roles: l.roles.map((r) => ({ min: 0, max: 1, email_required: false, ...r })),
        })),
      );
      original.membership_levels[0].term_months = 6;
      await importCatalog(t.db, original, { baseDir: '/', now: t.clock.now });
      const levels = await t.db.selectFrom('membership_level').selectAll().execute();
      expect(levels).toHaveLength(3);
      expect(levels.map((l) => l.term_months).sort()).toEqual([12, 12, 6]);
    } finally {
      await t.close();
    }
  });
});
