import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_BUILD } from './server-process.js';

/** Bundles the server once for the whole suite, as `npm run build:server` does for production. */
export default function setup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build-server.mjs', SERVER_BUILD], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
