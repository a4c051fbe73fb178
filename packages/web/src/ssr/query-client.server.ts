import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client.js';

/**
 * The server build's `api/query-client.ts` (vite.config.ts aliases it): the app's route loaders
 * import one `queryClient`, which in a browser is the tab's cache. On the server each page render
 * has its own cache, so nothing one visitor's page read can show on another's: `queryClient`
 * forwards to the cache of the render in progress (entry-server.tsx runs each in `withQueryClient`).
 */
const current = new AsyncLocalStorage<QueryClient>();

export { createQueryClient };

let rendering = 0;

/**
 * Runs a render with its own cache as `queryClient`. The store is disabled again whenever no render
 * is running: on Node 20 an enabled AsyncLocalStorage makes every promise of the process pay for
 * it, the API's included (docs/performance.md#reserve).
 */
export async function withQueryClient<T>(client: QueryClient, run: () => Promise<T>): Promise<T> {
  rendering += 1;
  try {
    return await current.run(client, run);
  } finally {
    rendering -= 1;
    if (rendering === 0) current.disable();
  }
}

const target: object = {};
export const queryClient = new Proxy(target, {
  get(_, key) {
    const client = current.getStore();
    if (!client) throw new Error('queryClient used outside a server render');
    const value = Reflect.get(client, key, client) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
}) as QueryClient;
