import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of the repository stands alone: no file cites the requirements documents the project was
 * written from (they are not in it), and every `docs/<page>.md#<anchor>` the code cites, and every
 * link between the docs pages, lands on a heading that exists (docs/architecture.md "Areas").
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|md|json|html|sh|yml|yaml)$/;

function* files(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return; // an optional folder (bench, scripts) that is not there
  }
  for (const name of entries) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name) && path !== SELF) yield path;
  }
}

/** packages/{name}/src, test and scripts, e2e, bench, scripts, faults, docs and every README. */
function scanned(): string[] {
  const out = new Set<string>();
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    for (const part of ['src', 'test', 'scripts']) for (const f of files(join(ROOT, 'packages', pkg, part))) out.add(f);
    for (const f of files(join(ROOT, 'packages', pkg))) if (/README\.md$/i.test(f)) out.add(f);
  }
  for (const dir of ['e2e', 'bench', 'scripts', 'faults', 'docs']) for (const f of files(join(ROOT, dir))) out.add(f);
  out.add(join(ROOT, 'README.md'));
  return [...out].sort();
}

const rel = (path: string) => relative(ROOT, path).split(sep).join('/');

// Built from parts so this file does not cite what it forbids.
const SECTION = '\u00a7';
const OUTSIDE = [
  new RegExp(`\\b00[01] ${SECTION}`),
  new RegExp(`\\bDESIGN ${SECTION}`),
  new RegExp(`\\bUX ${SECTION}`),
  new RegExp(['shared', 'spec'].join('/')),
];

/** A heading's anchor as GitHub renders it: lower case, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a docs page (a repeated heading gets -1, -2, … as on GitHub); empty when there is no such page. */
function anchorsOf(page: string): Set<string> {
  let anchors = anchorCache.get(page);
  if (anchors) return anchors;
  anchors = new Set();
  let text = '';
  try {
    text = readFileSync(join(ROOT, 'docs', page), 'utf8');
  } catch {
    /* no such page: every anchor is missing */
  }
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const m = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = githubSlug(m[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  anchorCache.set(page, anchors);
  return anchors;
}

describe('the repository stands alone', () => {
  it('cites none of the requirements documents outside it', () => {
    const found: string[] = [];
    for (const file of scanned()) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line))) found.push(`${rel(file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('cites only docs sections that exist', () => {
    const broken: string[] = [];
    const check = (file: string, line: number, page: string, anchor: string) => {
      if (!anchorsOf(page).has(anchor)) broken.push(`${rel(file)}:${line}: docs/${page}#${anchor}`);
    };
    let cited = 0;
    for (const file of scanned()) {
      const inDocs = rel(file).startsWith('docs/');
      const page = inDocs ? rel(file).slice('docs/'.length) : null;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const m of text.matchAll(/\bdocs\/([a-z0-9-]+\.md)#([\w-]+)/g)) {
            cited++;
            check(file, i + 1, m[1], m[2]);
          }
          if (!page || page.includes('/')) return;
          // links between the docs pages: (other.md#anchor) and (#anchor)
          for (const m of text.matchAll(/\]\(([a-z0-9-]+\.md)#([\w-]+)\)/g)) check(file, i + 1, m[1], m[2]);
          for (const m of text.matchAll(/\]\(#([\w-]+)\)/g)) check(file, i + 1, page, m[1]);
        });
    }
    expect(cited).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });

  it('renders anchors as GitHub does', () => {
    expect(githubSlug('Redirect methods: Afterpay / Clearpay and Bacs Direct Debit')).toBe('redirect-methods-afterpay--clearpay-and-bacs-direct-debit');
    expect(githubSlug('### Allowances: `membership_rules`'.replace(/^#+\s*/, ''))).toBe('allowances-membership_rules');
    expect(githubSlug('4. Refusals (error envelope)')).toBe('4-refusals-error-envelope');
  });
});
