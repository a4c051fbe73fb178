/**
 * Whether a driver error means the database cannot serve us for now, rather than that the request
 * was wrong (docs/deploy.md "What Foyer survives"): PostgreSQL restarting, its backends
 * terminated, a connection lost or not opened in time; SQLite's disk full or I/O failing, or a
 * lock held past the busy timeout. Such errors answer 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL: 08 connection exception, 57P01–57P03 shutdown / cannot connect now, 53 insufficient resources.
    if (/^(08...|57P0[1-3]|53...)$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
    if (code === 'SQLITE_FULL' || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_BUSY_')) return true;
  }
  // node-postgres' own errors carry no code.
  return typeof message === 'string' && /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|database system is (starting up|shutting down)/i.test(message);
}

/** Seconds a 503 asks the client to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
