import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_ROUTES, INITIAL_JS_BUDGET_BYTES, initialFiles, initialJsSizes } from '../packages/web/build/initial-js.js';
import { MODULE_CHUNKS_FILE } from '../packages/web/build/module-chunks.js';
import { ROUTE_PRELOADS_FILE } from '@foyer/contracts/web-build';
import { PRELOADED_ROUTES } from '../packages/web/build/route-preloads.js';

const DIST = fileURLToPath(new URL('../packages/web/dist', import.meta.url));

/** The built storefront (npm run build) stays within its JS budget on the pages a visitor lands on. */
describe('initial JS budget', () => {
  it('/, /events and /events/{id} each load at most 185 KB of JS, brotli as transferred, before rendering', () => {
    const sizes = initialJsSizes(DIST);
    console.log('initial JS, brotli KB:', Object.entries(sizes).map(([route, bytes]) => `${route} ${(bytes / 1024).toFixed(1)}`).join(', '));
    for (const bytes of Object.values(sizes)) expect(bytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  it('the seat map dialog and the promotions code modal load on demand, not with any budgeted page', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
    const chunks = JSON.parse(readFileSync(join(DIST, MODULE_CHUNKS_FILE), 'utf8')) as Record<string, string>;
    for (const lazy of ['src/features/events/seats/seat-map-dialog.tsx', 'src/features/promotions/code-modal-host.tsx']) {
      expect(chunks[lazy]).toBeDefined();
      for (const route of Object.values(BUDGET_ROUTES)) expect(initialFiles(manifest, route, chunks)).not.toContain(chunks[lazy]);
    }
  });

  it('the staff app (/admin: its layout, screens, calls and texts) loads on demand, not with any budgeted page (docs/box-office.md#screens)', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
    const chunks = JSON.parse(readFileSync(join(DIST, MODULE_CHUNKS_FILE), 'utf8')) as Record<string, string>;
    // Only the route table (paths and lazy imports) is the storefront's; everything it points at is a chunk of its own.
    const staff = Object.keys(chunks).filter((path) => (path.startsWith('src/features/admin/') && !path.endsWith('/admin-route-table.ts')) || path === 'src/i18n/en-admin.ts');
    expect(staff).toContain('src/features/admin/admin-layout.tsx');
    expect(staff).toContain('src/features/admin/order-page.tsx');
    for (const route of Object.values(BUDGET_ROUTES)) {
      const initial = initialFiles(manifest, route, chunks);
      expect(staff.filter((path) => initial.includes(chunks[path]))).toEqual([]);
    }
  });

  it("the event page's chunks the shell preloads are exactly what its first load needs beyond the entry's own", () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
    const chunks = JSON.parse(readFileSync(join(DIST, MODULE_CHUNKS_FILE), 'utf8')) as Record<string, string>;
    const preloads = JSON.parse(readFileSync(join(DIST, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>;
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    // What index.html loads anyway: the entry script and its modulepreload links.
    const inShell = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, file]) => file);
    for (const [route, module] of Object.entries(PRELOADED_ROUTES)) {
      const needed = initialFiles(manifest, module, chunks);
      expect(preloads[route].length).toBeGreaterThan(0);
      expect([...preloads[route], ...inShell].sort()).toEqual([...needed].sort());
    }
  });

  it('ships no zod: the web imports plain values from @foyer/contracts/constants, never the schemas', () => {
    const assets = join(DIST, 'assets');
    const js = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter((name) => readFileSync(join(assets, name), 'utf8').includes('$ZodType'))).toEqual([]);
  });

  it('follows static imports from the entry and the route chunk, each file once', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_runtime.js', 'index.html', '_shared.js'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
      'src/other.tsx': { file: 'assets/other.js' },
    };
    expect(initialFiles(manifest, 'src/page.tsx').sort()).toEqual(['assets/index.js', 'assets/page.js', 'assets/runtime.js', 'assets/shared.js']);
    expect(() => initialFiles(manifest, 'src/missing.tsx')).toThrow();
    // A page whose chunk also exports modules its lazy dialog shares has no manifest key of its own.
    const { 'src/page.tsx': page, ...others } = manifest;
    const folded = { ...others, '_page-x.js': page };
    expect(initialFiles(folded, 'src/page.tsx', { 'src/page.tsx': 'assets/page.js' }).sort()).toEqual(['assets/index.js', 'assets/page.js', 'assets/runtime.js', 'assets/shared.js']);
  });
});
