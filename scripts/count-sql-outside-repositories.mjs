// Counts the Kysely queries of packages/server/src (db/ excluded) and how many sit outside a
// `*.repository.ts` file (docs/architecture.md#repositories). A query is counted where it is
// started: selectFrom, insertInto, updateTable, deleteFrom, replaceInto, a sql`…` template
// (sql<T>`…` too) or sql.raw(…). The `.execute()` that ends a chain is not counted again, and a
// transaction's `.transaction().execute(…)` is not a query (use cases own their transaction).
// Comments are skipped. Usage: node scripts/count-sql-outside-repositories.mjs [--json] [root]
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const QUERY = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql(?:<[^`>]*(?:<[^`>]*>[^`>]*)*>)?`|\bsql\.raw\(/g;

/** @param {string} text @returns {string} */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => (/^\s*\/\//.test(line) ? '' : line.replace(/\s\/\/\s.*$/, '')))
    .join('\n');
}

/** @param {string} dir @returns {string[]} */
function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * @param {string} root
 * @returns {{ total: number, outside: number, share: number, files: { file: string, count: number }[] }}
 */
export function countSql(root) {
  const files = tsFiles(root)
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((file) => !file.startsWith('db/'))
    .map((file) => ({ file, count: (withoutComments(readFileSync(join(root, file), 'utf8')).match(QUERY) ?? []).length }))
    .filter((f) => f.count > 0);
  const outside = files.filter((f) => !f.file.endsWith('.repository.ts')).sort((a, b) => b.count - a.count || a.file.localeCompare(b.file));
  const total = files.reduce((n, f) => n + f.count, 0);
  const outsideTotal = outside.reduce((n, f) => n + f.count, 0);
  return { total, outside: outsideTotal, share: total ? outsideTotal / total : 0, files: outside };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const root = args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('../packages/server/src', import.meta.url));
  const result = countSql(root);
  if (json) console.log(JSON.stringify(result, null, 2));
  else {
    for (const f of result.files) console.log(`${String(f.count).padStart(4)}  ${f.file}`);
    console.log(`${result.outside} of ${result.total} queries outside *.repository.ts (${(result.share * 100).toFixed(1)} %) in ${result.files.length} files`);
  }
}
