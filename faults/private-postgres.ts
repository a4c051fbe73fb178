import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/free-port.js';

/** The newest installed PostgreSQL's bin directory, or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** Why a private PostgreSQL cannot be run here, or null when it can (root, the postgres user, initdb). */
export function privatePostgresUnavailable(): string | null {
  if (!postgresBin()) return 'no PostgreSQL binaries under /usr/lib/postgresql';
  if (process.getuid?.() !== 0) return 'not root: cannot run PostgreSQL as the postgres user';
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    return 'no postgres user';
  }
  return null;
}

/**
 * A PostgreSQL server of the test's own (initdb into a temp dir, a free port, trust auth), so the
 * test may stop and start it — never the shared server other tests use.
 */
export async function privatePostgres() {
  const bin = postgresBin()!;
  const dir = mkdtempSync(join(tmpdir(), 'foyer-pg-'));
  const data = join(dir, 'data');
  chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 -c shared_buffers=16MB`;
  const pgCtl = (args: string[]) => promisify(execFile)('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '60', ...args], { timeout: 60_000 }).then(() => undefined);
  const start = () => pgCtl(['-o', options, '-l', join(dir, 'log'), 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    /** `pg_ctl stop -m fast`: every backend terminated, the server down until `start`. */
    stop: () => pgCtl(['-m', 'fast', 'stop']),
    destroy() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}
