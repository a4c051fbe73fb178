import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { startupChunkOf } from './startup-chunk.js';

/** Where the build writes, per route the server preloads, the JS files its page needs beyond the entry's (beside Vite's manifest). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Routes whose page chunks the HTML shell asks for with the entry (server http/storefront-shell.ts), by the module their route loads (app/router.tsx). */
export const PRELOADED_ROUTES = {
  '/events/{id}': 'src/features/events/detail/event-page.tsx',
  '/events': 'src/features/events/listing/events-page.tsx',
} as const;

/** The key under which the file of build/paint-first.js is listed (the server runs it in place of the entry on the pages it renders). */
export const PAINT_FIRST_KEY = 'paint-first';

/**
 * The event page's chunk and the small chunks it imports are otherwise discovered only once the
 * entry has downloaded and run its router, a round trip after the entry on a phone's network. This
 * lists them (the route's static imports, less what the entry loads anyway) so the shell can name
 * them as modulepreload links and the browser fetches them beside the entry.
 */
export function routePreloads(): Plugin {
  let root = '';
  let paintFirst = '';
  return {
    name: 'foyer-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const source = readFileSync(new URL('./paint-first.js', import.meta.url), 'utf8');
      paintFirst = this.emitFile({ type: 'asset', name: 'paint-first.js', source });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = closure(entry.fileName, new Set());
      // The startup chunk is the shell's own preload (build/startup-chunk.ts): loaded anyway.
      const startup = startupChunkOf(bundle);
      if (startup) closure(startup.fileName, loaded);
      const preloads: Record<string, string[] | string> = { [PAINT_FIRST_KEY]: this.getFileName(paintFirst) };
      for (const [route, module] of Object.entries(PRELOADED_ROUTES)) {
        const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => relative(root, id.split('?')[0]!) === module));
        if (!holder) this.error(`route-preloads: no chunk holds ${module}`);
        preloads[route] = [...closure(holder.fileName, new Set())].filter((file) => !loaded.has(file));
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 1) });
    },
  };
}
