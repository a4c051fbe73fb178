import type { TClientError } from '@foyer/contracts';

/** At most this many reports per page load: a page stuck in an error loop says so a few times, not thousands. */
const MAX_REPORTS = 10;
let sent = 0;
const seen = new Set<string>();

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Sends an unexpected error to the server's log (POST /api/client_error). Only the page's path
 * goes (its query may hold keys and codes), never a request body; a failure to report is dropped.
 * The same message is reported once per page load.
 */
export function reportError(report: Omit<TClientError, 'page'>): void {
  const key = `${report.source}|${report.message}|${report.status ?? ''}|${report.path ?? ''}`;
  if (sent >= MAX_REPORTS || seen.has(key)) return;
  seen.add(key);
  sent += 1;
  const body: TClientError = { ...report, message: clip(report.message, 1000), stack: report.stack ? clip(report.stack, 8000) : undefined, page: clip(window.location.pathname, 2000) };
  try {
    void fetch('/api/client_error', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin', keepalive: true }).catch(() => undefined);
  } catch {
    /* no fetch: nothing to do */
  }
}

/**
 * The API answers the storefront expects and handles (docs/api.md#errors), so never reports: 402, 404, 409,
 * 410 and 422 on POST /api/*; 404 on GET /api/* and /cached_api/*; 401 on POST /api/login and
 * /api/user. Also left out: 429 (the user is told to wait) and no answer at all (status 0: the
 * visitor's connection, not ours).
 */
export function isExpectedApiError(method: string, path: string, status: number, code?: string): boolean {
  if (status === 0 || status === 429) return true;
  // docs/memberships.md#7-gifts-of-membership: a reserve blocked by a rule (a code-required group, a redeem's checkout rules) is expected.
  if (code === 'rule_blocks_reserve') return true;
  const api = path.startsWith('/api/');
  if (method === 'POST' && api && [402, 404, 409, 410, 422].includes(status)) return true;
  if (method === 'GET' && (api || path.startsWith('/cached_api/')) && status === 404) return true;
  if (method === 'POST' && status === 401 && (path === '/api/login' || path === '/api/user')) return true;
  return false;
}

/** Reports errors nothing else caught: script errors and rejected promises nobody handled. */
export function installErrorReporting(target: Window = window): void {
  target.addEventListener('error', (event) => {
    if (!event.message) return;
    reportError({ source: 'window_error', message: event.message, stack: event.error instanceof Error ? event.error.stack : undefined });
  });
  target.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // API errors were reported (or deliberately not) where they were answered.
    if (reason instanceof Error && reason.name === 'ApiError') return;
    reportError({ source: 'unhandled_rejection', message: reason instanceof Error ? reason.message : String(reason), stack: reason instanceof Error ? reason.stack : undefined });
  });
}

/** For tests: forget what this page load reported. */
export function resetErrorReports(): void {
  sent = 0;
  seen.clear();
}
