import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { moduleChunks } from './build/module-chunks';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { chunkOf, startupPreload } from './build/startup-chunk';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.FOYER_API_URL ?? 'http://localhost:3000';
/**
 * The dev server's pages are this server's own: the proxy presents their calls as coming from the
 * API's origin, which the server's CSRF check (same origin or FOYER_PUBLIC_URL) accepts.
 */
const toApi = { target: apiTarget, changeOrigin: true, headers: { origin: new URL(apiTarget).origin } };
/** A feature's public module (features/<feature>/public.ts): re-exports only, no side effects of its own. */
const PUBLIC_MODULE = /\/src\/features\/[^/]+\/public\.ts$/;

/**
 * The server render's build (`vite build --ssr`, docs/server-rendering.md): the app's one query
 * cache becomes one per render (src/ssr/query-client.server.ts).
 */
function serverQueryClient(): Plugin {
  const server = fileURLToPath(new URL('./src/ssr/query-client.server.ts', import.meta.url));
  return {
    name: 'foyer-server-query-client',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === server || !source.endsWith('/query-client.js')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.endsWith('/src/api/query-client.ts') ? server : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig() : {
  root,
  plugins: [react(), moduleChunks(), routePreloads(), startupPreload(), precompress()],
  resolve: {
    alias: [
      // React Router's package names only its development build (dev warnings on); the production one ships beside it.
      { find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (the JS budget test reads it).
    manifest: true,
    rollupOptions: {
      // A feature's public.ts re-exports only (docs/architecture.md#web-features): importing it takes in
      // just the modules whose exports are used, so a route does not load another feature's other pieces.
      treeshake: { moduleSideEffects: (id) => !PUBLIC_MODULE.test(id) },
      output: {
        manualChunks: chunkOf,
      },
    },
  },
  server: {
    proxy: {
      '/api': toApi,
      '/cached_api': toApi,
    },
  },
  preview: {
    proxy: {
      '/api': toApi,
      '/cached_api': toApi,
    },
  },
}));

/** The server render's module: one file (dependencies bundled in), beside the browser's build. */
function ssrConfig(): UserConfig {
  return {
    root,
    plugins: [react(), serverQueryClient()],
    resolve: { alias: [] },
    ssr: { noExternal: true },
    publicDir: false,
    // React and the router in their production builds, whatever the server's NODE_ENV.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      // .mjs: an ES module wherever it is copied (the Docker image has no package.json beside it).
      rollupOptions: { output: { inlineDynamicImports: true, entryFileNames: 'entry-server.mjs' } },
    },
  };
}
