// Bundles the server's own TypeScript (and the contracts) into dist/server/{main,cli}.mjs for the
// container image: plain Node runs it, no tsx. npm packages stay external (installed --omit=dev).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/** @param {string} file a package.json @returns {string[]} the names of its dependencies */
const dependencies = (file) => {
  /** @type {unknown} */
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const found = typeof pkg === 'object' && pkg !== null && 'dependencies' in pkg && typeof pkg.dependencies === 'object' ? pkg.dependencies : null;
  return Object.keys(found ?? {});
};
const external = [...dependencies('packages/server/package.json'), ...dependencies('packages/contracts/package.json')].flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { main: 'packages/server/src/main.ts', cli: 'packages/server/src/cli.ts' },
  // Another directory as the first argument (faults/global-setup.ts builds its own copy).
  outdir: process.argv[2] ?? 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});
