/**
 * Lighthouse (mobile preset, simulated throttling) on the pages a visitor lands on, against the
 * built storefront with the demo catalog: 3 runs per page, the median of each figure.
 *   npm run build && npm run bench:lighthouse
 *   BENCH_RUNS=5 CHROME_PATH=/usr/bin/chromium npm run bench:lighthouse
 *   BENCH_PAGES=/events/{id} npm run bench:lighthouse   (some pages only, comma-separated)
 *   BENCH_REPORTS=/tmp/lh npm run bench:lighthouse      (each run's JSON report kept there, to read its audits)
 *   FOYER_WEB_DIST=/tmp/other-build npm run bench:lighthouse   (another build of the web, for before/after runs alternated
 *     on one machine: scores here swing by ±5 between batches, so compare medians of 10 alternated runs)
 * Lighthouse itself is fetched by npx (pinned; 13 needs Node 22), so it is no dependency of the project.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTarget } from './load.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKb: number;
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Partial<Record<string, { numericValue?: number }>>;
}

async function lighthouse(url: string): Promise<Figures> {
  const { stdout } = await run(
    'npx',
    ['--yes', LIGHTHOUSE, url, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run'],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as LighthouseReport;
  const reports = process.env.BENCH_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), stdout);
  }
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferredKb: value('total-byte-weight') / 1024,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again, twice at most. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`run failed, trying again: ${String(error).split('\n').find((line) => line.includes('error')) ?? String(error)}`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { port, child } = await startTarget();
try {
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string }[] } };
  const pages = { '/': '/', '/events': '/events', '/events/{id}': `/events/${list.event_template._data[0].id}` };
  console.log(`Lighthouse ${LIGHTHOUSE}, mobile, median of ${runs} runs\n`);
  console.log('| page | performance | LCP ms | TBT ms | CLS | transferred KB |');
  console.log('|---|---|---|---|---|---|');
  const only = process.env.BENCH_PAGES?.split(',');
  for (const [name, path] of Object.entries(pages).filter(([name]) => !only || only.includes(name))) {
    const results: Figures[] = [];
    for (let i = 0; i < runs; i++) results.push(await withRetries(() => lighthouse(base + path)));
    const m = (key: keyof Figures) => median(results.map((r) => r[key]));
    console.log(`| ${name} | ${m('performance')} | ${Math.round(m('lcpMs'))} | ${Math.round(m('tbtMs'))} | ${m('cls').toFixed(3)} | ${Math.round(m('transferredKb'))} |`);
  }
} finally {
  child.kill('SIGTERM');
}
