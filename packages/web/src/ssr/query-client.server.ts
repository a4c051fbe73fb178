import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../app/query-client.js';

/**
 * The server build's `app/query-client.ts` (vite.config.ts aliases it): the app's route loaders
 * import one `queryClient`, which in a browser is the tab's cache. On the server each page render
 * has its own cache, so nothing one visitor's page read can show on another's: `queryClient`
 * forwards to the cache of the render in progress (entry-server.tsx runs each in `withQueryClient`).
 */
const current = new AsyncLocalStorage<QueryClient>();

export { createQueryClient };

export function withQueryClient<T>(client: QueryClient, run: () => T): T {
  return current.run(client, run);
}

export const queryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    const client = current.getStore();
    if (!client) throw new Error('queryClient used outside a server render');
    const value = Reflect.get(client, key, client) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});
