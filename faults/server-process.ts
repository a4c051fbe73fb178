import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../e2e/free-port.js';
import type { Dialect } from '../packages/server/src/db/database.js';
import { FIXTURE } from '../packages/server/test/harness.js';

/**
 * The server as production runs it (`npm start`): bundled by scripts/build-server.mjs, here into a
 * directory of the suite's own (faults/global-setup.ts builds it once per run), run by plain Node.
 */
export const SERVER_BUILD = fileURLToPath(new URL('../node_modules/.cache/foyer-faults/', import.meta.url));
const MAIN = join(SERVER_BUILD, 'main.mjs');
export const CLI = join(SERVER_BUILD, 'cli.mjs');

/** SQLite always; PostgreSQL when FOYER_TEST_PG_URL is set (CI sets it). */
export function faultDialects(): Dialect[] {
  return process.env.FOYER_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  url: string;
  /** PostgreSQL: the database's name (to terminate its backends, and only its own). */
  name: string | null;
  drop(): Promise<void>;
}

/** An empty database of its own: a SQLite file in `dir` (a temp dir when not given), or a PostgreSQL database. */
export async function emptyDatabase(dialect: Dialect, dir?: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const own = dir ?? (await mkdtemp(join(tmpdir(), 'foyer-faults-')));
    return { url: `sqlite:${join(own, 'foyer.db')}`, name: null, drop: () => (dir ? Promise.resolve() : rm(own, { recursive: true, force: true })) };
  }
  const admin = process.env.FOYER_TEST_PG_URL!;
  const name = `foyer_faults_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

/** One statement on the admin connection of FOYER_TEST_PG_URL. */
export async function adminQuery(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.FOYER_TEST_PG_URL });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Ends every backend of `database` — ours only, never the shared server's other databases. */
export async function terminateBackends(database: string): Promise<number> {
  const result = await adminQuery('SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  return Number(result.rows[0].n);
}

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string | null>;
  /** SIGKILL if still running. */
  kill(): Promise<void>;
}

/**
 * The server in a child process of its own (its own process group), production-like: seeded with
 * the test catalog at the real clock. `stdout: 'pipe'` leaves its stdout a pipe the test may
 * stop reading.
 */
export async function startServer(databaseUrl: string, options: { env?: Record<string, string>; stdout?: 'pipe' | 'ignore' | 'inherit' } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, FOYER_SEED: 'demo', FOYER_SEED_FILE: FIXTURE, FOYER_WEB_DIST: '/nonexistent', LOG_LEVEL: 'error', FOYER_PG_POOL: '4', FOYER_MAX_HELD_TICKETS_PER_IP: '1000000', FOYER_CARTS_PER_IP_PER_HOUR: '1000000', ...options.env },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const server: ServerProcess = {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${server.base}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return server;
    if (child.exitCode !== null || tries > 240) {
      await server.kill();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Polls until `check` holds or `ms` pass; returns how long it took, or throws. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** What a test injected and what it checked, printed for CI's log. */
export function report(test: string, lines: Record<string, unknown>) {
  console.log(`[faults] ${test}\n${Object.entries(lines).map(([k, v]) => `  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}`);
}
