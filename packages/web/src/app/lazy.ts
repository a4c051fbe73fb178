/**
 * Code-split route modules. A chunk that fails to load (typically after a deploy replaced the
 * hashed files) is retried once with a cache-busting reload of the page (000 §8); a second failure
 * goes to the error boundary.
 */
const KEY = 'foyer:chunk-reload';

export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    const module = await load();
    sessionStorage.removeItem(KEY);
    return module;
  } catch (error) {
    const here = window.location.pathname + window.location.search;
    if (sessionStorage.getItem(KEY) !== here) {
      sessionStorage.setItem(KEY, here);
      const url = new URL(window.location.href);
      url.searchParams.set('_r', String(Date.now()));
      window.location.replace(url.toString());
      return new Promise<T>(() => {});
    }
    sessionStorage.removeItem(KEY);
    throw error;
  }
}
