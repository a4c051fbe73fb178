import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
// By path, not '@foyer/contracts/web-build': Vite bundles the config's relative imports but loads a package's
// from node_modules as they are, and Node 20 does not run a .ts file.
import { PAINT_FIRST_KEY, PRELOADED_ROUTE, ROUTE_PRELOADS_FILE, type TPreloadedRoute } from '../../contracts/src/web-build.js';
import { startupChunkOf } from './startup-chunk.js';

/**
 * Routes whose page chunks the HTML shell asks for with the entry (server http/storefront-shell.ts), by the module
 * their route loads (app/router.tsx). The file's name, its keys and routes are the server's too (contracts/src/web-build.ts).
 */
export const PRELOADED_ROUTES: Record<TPreloadedRoute, string> = {
  [PRELOADED_ROUTE.home]: 'src/features/home/home-page.tsx',
  [PRELOADED_ROUTE.eventPage]: 'src/features/events/detail/event-page.tsx',
  [PRELOADED_ROUTE.listing]: 'src/features/events/listing/events-page.tsx',
};

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
      // The paint-first script's file: the server runs it in place of the entry on the pages it renders.
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
