import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort } from './free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');

export interface Storefront {
  url: string;
  /** The server's database, for the CLI (e.g. `cart inject`) against the running storefront. */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The real server (built SPA, demo catalog) on a fresh SQLite database and a free port. */
export async function startStorefront(env: Record<string, string> = {}): Promise<Storefront> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'));
  const port = await freePort();
  const databaseUrl = `sqlite:${join(dir, 'e2e.db')}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    databaseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}


/** Debian's Chromium; `extraArgs` for a journey's own switches (the door's fake camera). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Content-Security-Policy violations seen in any page since the last journey ended. The server
 * sends its CSP in the e2e run as in production; every journey fails on a violation (afterEach
 * in useStorefront), whether or not it checks its page errors.
 */
const cspViolations: string[] = [];
const CSP_MARK = 'Content Security Policy';

/** Reports `securitypolicyviolation` events to the console (Chromium logs most, not all, itself). */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('${CSP_MARK} violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

/**
 * What React says when the HTML it hydrates is not what it would render: the development texts
 * and the production build's error codes (418 hydration mismatch, 419/422/423 recovered by a client
 * render, 425 text mismatch). Every journey fails on one (afterEach in useStorefront).
 */
export const HYDRATION_MESSAGE = /hydrat|Minified React error #(418|419|422|423|425)\b/i;
const hydrationWarnings: string[] = [];

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { timezoneId?: string; javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/New_York', ...options });
  await context.addInitScript(REPORT_VIOLATIONS);
  const errors: string[] = [];
  // On the context: tabs a journey opens itself are watched too.
  context.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_MESSAGE.test(message.text())) {
      hydrationWarnings.push(message.text());
      errors.push(message.text());
    }
    if (!message.text().includes(CSP_MARK)) return;
    cspViolations.push(message.text());
    errors.push(message.text());
  });
  context.on('weberror', (e) => {
    if (HYDRATION_MESSAGE.test(e.error().message)) hydrationWarnings.push(e.error().message);
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** axe-core in the page (evaluated over the DevTools protocol: no script tag the CSP would block); the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * The whole page as a picture in e2e/screenshots. `{ dialog: true }`: the viewport only (an open
 * dialog and its backdrop are fixed to it), with its opening animation finished.
 */
export async function screenshot(page: Page, name: string, options: { dialog?: boolean } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: !options.dialog, ...(options.dialog ? { animations: 'disabled' as const } : {}) });
}

/** A storefront and a browser for the describe block it is called in, closed after it. */
export function useStorefront(ready: (sf: Storefront, browser: Browser) => void, env: () => Record<string, string> = () => ({})) {
  let sf: Storefront | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    sf = await startStorefront(env());
    browser = await launchBrowser();
    ready(sf, browser);
  });
  afterEach(() => {
    expect(cspViolations.splice(0), 'Content-Security-Policy violations').toEqual([]);
    expect(hydrationWarnings.splice(0), 'hydration warnings or errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await sf?.stop();
  });
}

/**
 * Env for useStorefront: the server serves a copy of packages/web/dist taken once per test file,
 * so a rebuild of the storefront while the journeys run cannot swap chunks under the browser.
 * The copy is removed when the test process exits.
 */
let webDistCopy: string | undefined;
export function copiedWebDist(): Record<string, string> {
  if (!webDistCopy) {
    // The server render's module too, beside the copy as beside the build (server http/server-render.ts).
    const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-web-'));
    cpSync(join(ROOT, 'packages/web/dist'), join(dir, 'web'), { recursive: true });
    cpSync(join(ROOT, 'packages/web/dist-ssr'), join(dir, 'dist-ssr'), { recursive: true });
    webDistCopy = join(dir, 'web');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return { FOYER_WEB_DIST: webDistCopy };
}
