import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, MY_ACCOUNT_PAGES_KEY, SELF_EDIT_RULES_KEY } from '../src/config-keys.js';
import { PAYMENT_CONFIG } from '../src/payment-limits.js';

/**
 * docs/catalog.md's config-key audit stays true: every key the sources name as configuration has
 * a row, every file a row names as reading or testing a key exists (and a test named mentions
 * the key), and the only keys left unread are the ones the documents give no behaviour.
 */
const ROOT = process.cwd();
const doc = readFileSync(join(ROOT, 'docs/catalog.md'), 'utf8');
const start = doc.indexOf('**Config-key audit**');
const end = doc.indexOf('Other namespaces and names are stored');
const section = doc.slice(start, end);

interface Row {
  key: string;
  readBy: string;
  testedBy: string;
}
/** The rows of every table of the section under this header. */
function tableRows(text: string, header: string): Row[] {
  const rows: Row[] = [];
  for (let at = text.indexOf(header); at >= 0; at = text.indexOf(header, at + header.length)) {
    for (const line of text.slice(at).split('\n').slice(2)) {
      if (!line.startsWith('|')) break;
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      rows.push({ key: cells[0], readBy: cells[1], testedBy: cells[2] ?? '' });
    }
  }
  return rows;
}
const audit = tableRows(section, '| Key | Read by | Tested by |');
const notRead = tableRows(section, '| Spec key | Why it is not read |');

/** A path as the table writes it (`server/src/…`, `web/test/…`, `checkout/x.tsx` under a package's features): the file it names. */
function resolves(token: string): boolean {
  const candidates = [token, `packages/${token}`, `packages/web/src/features/${token}`, `packages/web/src/${token}`, `packages/server/src/${token}`];
  return candidates.some((c) => existsSync(join(ROOT, c)));
}
const paths = (cell: string) => [...cell.matchAll(/`([^`\s]+\.(?:tsx?|mjs))`/g)].map((m) => m[1]);
const keyOf = (k: { namespace: string; name: string }) => `${k.namespace}.${k.name}`;

describe('the config-key audit (docs/catalog.md)', () => {
  it('has a row for every configuration key the sources define', () => {
    const named = audit.map((r) => r.key).join(' ');
    const keys = [...Object.values(CONFIG), SELF_EDIT_RULES_KEY, MY_ACCOUNT_PAGES_KEY, ...Object.values(PAYMENT_CONFIG)].map(keyOf);
    expect(keys.filter((k) => !named.includes(`\`${k}\``))).toEqual([]);
  });

  it('names only files that exist, as readers and as tests', () => {
    const missing: string[] = [];
    for (const row of audit) for (const path of [...paths(row.readBy), ...paths(row.testedBy)]) if (!resolves(path)) missing.push(`${row.key}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('every row is read somewhere; a row without a test says so', () => {
    for (const row of audit) {
      expect(paths(row.readBy).length, row.key).toBeGreaterThan(0);
      if (!paths(row.testedBy).length) expect(row.testedBy, row.key).toMatch(/no test/);
    }
  });

  it('a test a row names mentions the key (the last part of its name) or what reads it', () => {
    const unnamed: string[] = [];
    for (const row of audit) {
      const words = [...row.key.matchAll(/`([^`]+)`/g)].map((m) => m[1].split(/[ .]/).pop()!);
      const readers = paths(row.readBy).map((p) => p.split('/').pop()!.replace(/\.tsx?$/, ''));
      for (const test of paths(row.testedBy)) {
        const file = [test, `packages/${test}`].map((c) => join(ROOT, c)).find((c) => existsSync(c));
        if (!file) continue;
        const text = readFileSync(file, 'utf8');
        if (![...words, ...readers].some((w) => text.includes(w))) unnamed.push(`${row.key}: ${test}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('leaves unread only keys the documents give no behaviour', () => {
    expect(notRead.map((r) => r.key)).toEqual(['`extended_membership_option`', 'the feature-flag service with a tenant slug']);
    for (const row of notRead) expect(row.readBy).toMatch(/no behaviour|nothing to build|not shown/);
  });
});
