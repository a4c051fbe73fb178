import { LRUCache } from 'lru-cache';

/**
 * A small per-process memo for catalog reads on hot paths (reserve, cart). Catalog data changes
 * only on import, so a few seconds of staleness is acceptable; capacity is never cached. Bounded
 * by entry count, least recently used out first (lru-cache).
 */
export class TtlCache {
  private readonly entries: LRUCache<string, Promise<unknown>>;

  constructor(ttlMs = 2_000, maxEntries = 5_000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    // A failed load is not remembered (unless a later load has replaced it already).
    value.catch(() => {
      if (this.entries.peek(key) === value) this.entries.delete(key);
    });
    this.entries.set(key, value);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
