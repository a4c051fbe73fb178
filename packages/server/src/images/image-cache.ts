import { LRUCache } from 'lru-cache';

export interface CachedImage {
  body: Buffer;
  type: string;
  etag: string;
}

/**
 * Least-recently-used renditions, bounded by their total size in bytes (per process; lru-cache).
 * `FOYER_IMAGE_CACHE_MB=0` keeps none.
 */
export class ImageCache {
  private readonly entries: LRUCache<string, CachedImage> | null;

  constructor(private readonly maxBytes: number) {
    this.entries = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (image) => Math.max(1, image.body.length) }) : null;
  }

  get(key: string): CachedImage | undefined {
    return this.entries?.get(key);
  }

  set(key: string, value: CachedImage) {
    // One rendition larger than the whole cache is not kept (and does not push out what is there).
    if (value.body.length > this.maxBytes) return;
    this.entries?.set(key, value);
  }
}
