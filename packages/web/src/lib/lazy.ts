/**
 * Code-split route modules. A chunk that fails to load (typically after a deploy replaced the
 * hashed files), or has not loaded within the asset timeout (docs/routes.md#app-shell-and-modals: 120 000 ms), is retried once
 * with a cache-busting reload of the page; a second failure at the same address goes to the error
 * boundary.
 */
const KEY = 'foyer:chunk-reload';

/** How long a chunk may take to load before it counts as failed (docs/routes.md#app-shell-and-modals). */
export const ASSET_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super(`A part of the page did not load within ${ASSET_TIMEOUT_MS / 1000} s.`);
  }
}

/** The page's address with a cache-busting parameter, for the one retry. */
export function cacheBustedUrl(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('_r', String(now));
  return url.toString();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ChunkTimeoutError()), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function loadChunk<T>(load: () => Promise<T>, reload: (url: string) => void = (url) => window.location.replace(url)): Promise<T> {
  // A server render (docs/server-rendering.md) has its modules on disk: no timeout, no reload.
  if (typeof window === 'undefined') return load();
  try {
    const module = await withTimeout(load(), ASSET_TIMEOUT_MS);
    sessionStorage.removeItem(KEY);
    return module;
  } catch (error) {
    const here = window.location.pathname + window.location.search;
    if (sessionStorage.getItem(KEY) !== here) {
      sessionStorage.setItem(KEY, here);
      reload(cacheBustedUrl(window.location.href, Date.now()));
      return new Promise<T>(() => {});
    }
    sessionStorage.removeItem(KEY);
    throw error;
  }
}
