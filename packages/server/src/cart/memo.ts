import type { TtlCache } from '../ttl-cache.js';

/** Through the cache when there is one. */
export function memo<T>(cache: TtlCache | undefined, key: string, load: () => Promise<T>): Promise<T> {
  return cache ? cache.get(key, load) : load();
}
