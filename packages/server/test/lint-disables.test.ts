import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The lint has no bulk suppressions, and every inline disable says why (docs/architecture.md#lint).

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LINTED = ['packages/contracts/src', 'packages/contracts/test', 'packages/contracts/scripts', 'packages/server/src', 'packages/server/test', 'packages/web/src', 'packages/web/test', 'e2e', 'bench', 'scripts', 'eslint'];
const DISABLE = /eslint-disable(?:-next-line|-line)?\b([^\n*]*)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' || e.name === 'dist' ? [] : sources(join(dir, e.name))) : /\.(ts|tsx|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Disable comments in a text that name no rule or give no reason after ` -- `. */
function disablesWithoutWhy(text: string): string[] {
  return [...text.matchAll(DISABLE)].map((m) => m[0].trim()).filter((comment) => !/^eslint-disable\S*\s+[@\w/-]+(?:\s*,\s*[@\w/-]+)*\s+--\s+\S/.test(comment));
}

describe('lint disables', () => {
  it('tells a disable with its rule and reason from one without', () => {
    expect(disablesWithoutWhy('// eslint-disable-next-line react-hooks/refs -- read only after the commit')).toEqual([]);
    expect(disablesWithoutWhy('// eslint-disable-next-line react-hooks/refs')).toHaveLength(1);
    expect(disablesWithoutWhy('/* eslint-disable */')).toHaveLength(1);
  });

  it('every disable in the linted code names its rule and says why; nothing is bulk-suppressed', () => {
    const missing = LINTED.flatMap((dir) => sources(join(ROOT, dir)).flatMap((file) => disablesWithoutWhy(readFileSync(file, 'utf8')).map((c) => `${relative(ROOT, file)}: ${c}`)));
    expect(missing.filter((line) => !line.startsWith('packages/server/test/lint-disables.test.ts'))).toEqual([]);
    // ESLint reads this file whenever it exists (`--suppress-all` writes it): its counts would pass errors silently.
    expect(existsSync(join(ROOT, 'eslint-suppressions.json'))).toBe(false);
  });
});
