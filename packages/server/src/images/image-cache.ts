export interface CachedImage {
  body: Buffer;
  type: string;
  etag: string;
}

/** Least-recently-used renditions, bounded by their total size in bytes (per process). */
export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedImage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: Map keeps insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedImage) {
    if (value.body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.body.length;
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
