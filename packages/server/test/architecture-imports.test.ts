import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// An area uses another area only through its public module, `<area>/public.ts`, never through one
// of its *.repository.ts files (docs/architecture.md#public-modules). db/ is below every area.

/** Imports that still reach into another area's repository, with why; none today. */
const EXCEPTIONS: string[] = [];

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** `from → to` for each import of another area's *.repository file under root. */
function crossAreaRepositoryImports(root: string): string[] {
  const areaOf = (file: string) => {
    const parts = relative(root, file).split(/[\\/]/);
    return parts.length > 1 ? parts[0] : '(root)';
  };
  return tsFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => {
      // One of the two groups matched: a static import or a dynamic one.
      const spec = (m[1] as string | undefined) ?? m[2];
      if (!spec.startsWith('.') || !/\.repository(\.js|\.ts)?$/.test(spec)) return [];
      const target = resolve(dirname(file), spec);
      const area = areaOf(target);
      return area === areaOf(file) || area === 'db' ? [] : [`${relative(root, file)} → ${relative(root, target)}`];
    }),
  );
}

describe('areas reach each other through public modules', () => {
  it('finds an import of another area’s repository, and none of its own or a public module', () => {
    const root = mkdtempSync(join(tmpdir(), 'area-imports-'));
    for (const area of ['orders', 'cart']) mkdirSync(join(root, area));
    writeFileSync(join(root, 'orders', 'orders.repository.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'orders', 'public.ts'), "export { a } from './orders.repository.js';\n");
    writeFileSync(join(root, 'orders', 'book.ts'), "import { a } from './orders.repository.js';\n");
    writeFileSync(join(root, 'cart', 'ok.ts'), "import { a } from '../orders/public.js';\n");
    writeFileSync(join(root, 'cart', 'bad.ts'), "import {\n  a,\n} from '../orders/orders.repository.js';\nexport type { B } from '../orders/orders.repository.js';\n");
    expect(crossAreaRepositoryImports(root)).toEqual(['cart/bad.ts → orders/orders.repository.js', 'cart/bad.ts → orders/orders.repository.js']);
  });

  it('no server area imports another area’s *.repository.ts', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const found = crossAreaRepositoryImports(src).filter((line) => !EXCEPTIONS.includes(line));
    expect(found, 'import from the area’s public.ts instead (docs/architecture.md#public-modules)').toEqual([]);
  });
});
