import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../packages/web/dist', import.meta.url));

/** docs/routes.md#route-table: the component viewer (/_stories) is non-production only — the built storefront (npm run build) carries none of it. */
describe('component viewer in the production build', () => {
  it('no chunk, style or manifest entry of /_stories ships', () => {
    const manifest = readFileSync(join(DIST, '.vite/manifest.json'), 'utf8');
    expect(manifest).not.toContain('features/stories');
    const assets = join(DIST, 'assets');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js') || name.endsWith('.css'));
    expect(files.length).toBeGreaterThan(0);
    const carrying = files.filter((name) => {
      const text = readFileSync(join(assets, name), 'utf8');
      return text.includes('Component viewer') || text.includes('_stories') || text.includes('.stories__row');
    });
    expect(carrying).toEqual([]);
  });
});
