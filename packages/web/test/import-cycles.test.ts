// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in packages/web/src (docs/architecture.md "imports point down"): a cycle means
 * two modules each need the other, so neither is below the other. Every relative import counts,
 * type-only and lazy `import()` ones too, as a layering rule rather than a load-order one.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names ('./x.js' is './x.ts' or './x.tsx'; a folder its index). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c)) ?? null;
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => t !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Each strongly connected group of more than one module (or a module importing itself), by Tarjan. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) out.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return out;
}

describe('web import graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads the imports of the real sources', () => {
    const graph = importGraph(sourceFiles(SRC));
    const shell = graph.get(join(SRC, 'app/shell.tsx'));
    expect(shell).toContain(join(SRC, 'features/account/account-context.tsx'));
    // Features meet through public modules (docs/architecture.md#web-features): those are in the graph too.
    expect(graph.get(join(SRC, 'features/checkout/checkout-page.tsx'))).toContain(join(SRC, 'features/cart/public.ts'));
    expect(graph.get(join(SRC, 'features/cart/public.ts'))).toContain(join(SRC, 'features/cart/cart-contents.tsx'));
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import cycle in packages/web/src', () => {
    const cycles = cyclesOf(importGraph(sourceFiles(SRC))).map((group) => group.map((f) => relative(SRC, f)));
    expect(cycles).toEqual([]);
  });

  it("a feature's public module only re-exports (the client build treats it as free of side effects, vite.config.ts)", () => {
    const features = join(SRC, 'features');
    const publicFiles = readdirSync(features).map((f) => join(features, f, 'public.ts')).filter((f) => existsSync(f));
    expect(publicFiles.length).toBeGreaterThan(5);
    const doing = publicFiles.flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      return source.statements.filter((st) => !(ts.isExportDeclaration(st) && st.moduleSpecifier)).map((st) => `${relative(SRC, file)}: ${st.getText(source).slice(0, 60)}`);
    });
    expect(doing).toEqual([]);
  });
});
