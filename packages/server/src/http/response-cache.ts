import type { FastifyInstance } from 'fastify';

/** A /cached_api answer ready to send: the serialised body and its ETag. */
export interface CachedAnswer {
  payload: string | Buffer;
  etag: string;
}

/**
 * The per-process cache of /cached_api answers (which never depend on who asks), keyed by the
 * normalised URL (the seller is in its query). Entries live `ttlMs` on the app's clock; one
 * computation per key at a time (waiters share the in-flight promise); a write that may change
 * capacity clears it all, so a sold-out session never shows as available once the write is
 * answered. Correctness never depends on it: reserving re-checks capacity, and each process has
 * its own (a write in another process, or a catalog import from the CLI, shows within the TTL).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { at: number; value: Promise<CachedAnswer> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    // A clock moved backwards (tests) counts as expired too.
    if (hit && now >= hit.at && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    const entry = { at: now, value };
    // A failed computation is not remembered (unless a newer one replaced it already).
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return value;
  }

  /** Forgets every answer: capacity changed, or the catalog was imported. */
  invalidate() {
    this.entries.clear();
  }
}

/** The cache key: path plus the query with its parameters sorted (same question, same key). */
export function normalisedUrl(url: string): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache?: ResponseCache;
  }
}

/** Writes that take or give back capacity: cart changes and deletes, checkout and payment (incl. webhooks), cancelling tickets of an order. */
const CAPACITY_WRITES = /^\/api\/((my\/)?cart|payments|ticket_order\/[^/?]+\/cancel)(\/|\?|$)/;

/**
 * Puts the cache on the app (readRoute uses it for /cached_api) and clears it after every write
 * that may change capacity. Writes are rare next to reads, so clearing everything is simpler than
 * tracking which events they touch. (Holds released by the sweeper only make more available: the
 * listing then shows a session sold out for at most the TTL, never the other way round.)
 */
export function registerResponseCache(app: FastifyInstance, ttlMs: number, now: () => Date) {
  const cache = new ResponseCache(ttlMs, () => now().getTime());
  app.decorate('responseCache', cache);
  // onSend: the write has committed, and no client has the answer yet to read a stale listing with.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && CAPACITY_WRITES.test(request.url)) cache.invalidate();
    return payload;
  });
  return cache;
}
