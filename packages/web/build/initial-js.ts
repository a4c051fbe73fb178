import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { MODULE_CHUNKS_FILE } from './module-chunks.js';
import { STARTUP_CHUNK } from './startup-chunk.js';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The pages the JS budget covers, by the module their route loads (app/router.tsx). */
export const BUDGET_ROUTES = {
  '/': 'src/features/home/home-page.tsx',
  '/events': 'src/features/events/listing/events-page.tsx',
  '/events/{id}': 'src/features/events/detail/event-page.tsx',
} as const;

/**
 * At most this much JS, brotli-compressed as the server transfers it (build/precompress.ts), before a
 * route's page can render on a phone: React 19 and react-dom included (docs/performance.md).
 */
export const INITIAL_JS_BUDGET_BYTES = 185 * 1024;

/**
 * The JS files a first visit to a route loads: the entry, the startup chunk it imports as it starts
 * (build/startup-chunk.ts), the route's chunk, and their static imports.
 * A route module that is not its chunk's facade has no manifest key of its own; `moduleChunks`
 * (build/module-chunks.ts) says which chunk file holds it.
 */
export function initialFiles(manifest: Manifest, routeModule: string, moduleChunks: Record<string, string> = {}): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const routeKey = manifest[routeModule] ? routeModule : Object.keys(manifest).find((key) => manifest[key]!.file === moduleChunks[routeModule]);
  if (!entry || !routeKey) throw new Error(`the manifest has no ${entry ? routeModule : 'entry'}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const startup = Object.keys(manifest).find((key) => manifest[key]!.name === STARTUP_CHUNK);
  if (startup) visit(startup);
  visit(routeKey);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Brotli bytes (quality 11, as precompressed) of each route's initial JS in a built dist directory. */
export function initialJsSizes(dist: string): Record<keyof typeof BUDGET_ROUTES, number> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunks = JSON.parse(readFileSync(join(dist, MODULE_CHUNKS_FILE), 'utf8')) as Record<string, string>;
  const br = (file: string) => brotliCompressSync(readFileSync(join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const sizes = {} as Record<keyof typeof BUDGET_ROUTES, number>;
  for (const [route, module] of Object.entries(BUDGET_ROUTES) as [keyof typeof BUDGET_ROUTES, string][]) {
    sizes[route] = initialFiles(manifest, module, chunks).reduce((sum, file) => sum + br(file), 0);
  }
  return sizes;
}
