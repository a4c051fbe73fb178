import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { countSql } from '../../../scripts/count-sql-outside-repositories.mjs';

interface Count {
  total: number;
  outside: number;
  share: number;
  files: { file: string; count: number }[];
}

// Queries live in *.repository.ts (docs/architecture.md#repositories). The goal is at most 10 %
// elsewhere; MAX_SHARE is where the code stands now and only ever goes down toward it.
const GOAL_SHARE = 0.1;
const MAX_SHARE = 0.01;

const serverSrc = fileURLToPath(new URL('../src', import.meta.url));

describe('SQL outside repositories', () => {
  it('counts a query outside a repository, not one inside, nor db/ nor comments', () => {
    const root = mkdtempSync(join(tmpdir(), 'sql-count-'));
    mkdirSync(join(root, 'area'));
    mkdirSync(join(root, 'db'));
    writeFileSync(join(root, 'area', 'use-case.ts'), "// db.selectFrom('x') in a comment\nawait db.selectFrom('a').execute();\nawait sql<number>`select 1`.execute(db);\n");
    writeFileSync(join(root, 'area', 'area.repository.ts'), "await db.updateTable('a').set({}).execute();\nawait db.transaction().execute(async () => {});\n");
    writeFileSync(join(root, 'db', 'migrate.ts'), "await db.deleteFrom('a').execute();\n");
    const count = countSql(root) as Count;
    expect(count).toEqual({ total: 3, outside: 2, share: 2 / 3, files: [{ file: 'area/use-case.ts', count: 2 }] });
  });

  it(`keeps the share of queries outside *.repository.ts at or below ${MAX_SHARE * 100} % (goal ${GOAL_SHARE * 100} %)`, () => {
    const count = countSql(serverSrc) as Count;
    expect(count.total).toBeGreaterThan(100);
    const listing = count.files.map((f) => `${f.count} ${f.file}`).join('\n');
    expect(count.share, `${count.outside} of ${count.total} queries outside repositories:\n${listing}`).toBeLessThanOrEqual(MAX_SHARE);
  });
});
