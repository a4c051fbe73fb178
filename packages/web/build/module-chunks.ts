import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes which chunk holds each source module (beside Vite's manifest). */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

/**
 * Vite's manifest keys a chunk by its source only when that module is the chunk's facade. A page
 * that lazy-loads a dialog sharing its modules stops being one: Rollup keeps the shared modules in
 * the page's chunk (it is always loaded first) and the chunk then exports more than the page, so
 * the manifest lists it as `_event-page-….js` without its source. This map (src path → chunk file)
 * lets the JS budget find a route's chunk either way.
 */
export function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'foyer-module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const path = relative(root, id.split('?')[0]!);
          if (path.startsWith('src/')) map[path] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: JSON.stringify(map, null, 1) });
    },
  };
}
