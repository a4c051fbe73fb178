/**
 * A small per-process memo for catalog reads on hot paths (reserve, cart). Catalog data changes
 * only on import, so a few seconds of staleness is acceptable; capacity is never cached.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 5_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: now, value });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
