import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * react-dom's client, the largest module of the storefront, is a chunk of its own that main.tsx
 * imports once the app's own modules have run: evaluating it is then a task of its own on a
 * phone's main thread rather than part of one long one (docs/performance.md, Total Blocking Time).
 * Every page needs it at once, so it counts as part of the first load (build/initial-js.ts), the
 * shell preloads it beside the entry, and so do the route preloads (build/route-preloads.ts).
 */
export const STARTUP_CHUNK = 'react-dom-client';

/** The manualChunks name of a module: the startup chunk for react-dom's client, the runtime for the rest of React and the router. */
export function chunkOf(id: string): string | undefined {
  if (/node_modules\/react-dom\/(client\.js|cjs\/react-dom-client\.)/.test(id)) return STARTUP_CHUNK;
  // The UI runtime and router change least often: one long-cached chunk.
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'runtime';
  return undefined;
}

export function startupChunkOf(bundle: OutputBundle): OutputChunk | undefined {
  return Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.name === STARTUP_CHUNK);
}

/** The shell's modulepreload link for the startup chunk, written as Vite writes the entry's own. */
export function startupPreload(): Plugin {
  return {
    name: 'foyer-startup-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = ctx.bundle ? startupChunkOf(ctx.bundle) : undefined;
        if (!chunk) return [];
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
