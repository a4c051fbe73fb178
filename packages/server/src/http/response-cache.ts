import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { onCapacityCommitted } from '../cart/capacity-changes.js';
import type { Db } from '../db/database.js';

/**
 * A /cached_api answer ready to send: its bytes (a Buffer, so a hit encodes no text), ETag, and
 * content type (JSON; none when the handler answered bytes of its own).
 */
export interface CachedAnswer {
  payload: Buffer;
  etag: string;
  type?: string;
}

/**
 * The per-process cache of /cached_api answers (which never depend on who asks), keyed by the
 * normalised URL (the seller is in its query). Entries live `ttlMs` on the app's clock; one
 * computation per key at a time (waiters share the in-flight promise). Each entry belongs to the
 * event its URL names (`/cached_api/events/{id}/…`) or to no event (listings across events,
 * ticket groups, config…): a capacity write bumps the generation of the events it touched and the
 * cross-event one, so a rush on one event keeps the others' answers warm, and a sold-out session
 * never shows as available once the write is answered. Correctness never depends on it: reserving
 * re-checks capacity, and each process has its own (a write in another process, or a catalog
 * import from the CLI, shows within the TTL).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { at: number; event: string; generation: number; value: Promise<unknown> }>();
  /** Per event id; the entries of no event use the key ''. Bumped, never reset (a stale entry never matches again). */
  private readonly generations = new Map<string, number>();
  private counter = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 2_000,
  ) {}

  /**
   * A cached answer (an API answer's bytes, or a storefront page: `page:` keys), computed once per
   * key at a time; an answer `keep` refuses is shared with its waiters, then forgotten.
   */
  get<T = CachedAnswer>(key: string, load: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    // A clock moved backwards (tests) counts as expired too. (The entry keeps its event: no parsing of the key on a hit.)
    if (hit && hit.generation === (this.generations.get(hit.event) ?? 0) && now >= hit.at && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const event = eventOfKey(key);
    const value = load();
    const entry = { at: now, event, generation: this.generations.get(event) ?? 0, value };
    // A failed computation is not remembered (unless a newer one replaced it already).
    const forget = () => this.entries.get(key) === entry && this.entries.delete(key);
    value.then((answer) => keep(answer) || forget(), forget);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return value;
  }

  /** Forgets every answer: the catalog was imported, or a write whose events are not known. */
  invalidate() {
    this.entries.clear();
  }

  /** Capacity of these events changed: their answers and every cross-event answer are stale. */
  invalidateEvents(eventIds: Iterable<string>) {
    for (const id of [...eventIds, '']) this.generations.set(id, ++this.counter);
  }
}

/** The event a cached URL answers about ('' for answers across events): an API answer's, or an event page's (`page:/events/{id}`). */
function eventOfKey(key: string): string {
  return /^(?:\/(?:cached_)?api|page:)\/events\/([0-9a-f-]{36})(?:[/?]|$)/i.exec(key)?.[1]?.toLowerCase() ?? '';
}

/**
 * How long an /api answer that opts in (readRoute `memoOnApi`: the seat states an open map polls)
 * is reused in this process. Short, on the real clock: a write through another process shows
 * within it (the poll's 2 s budget, issue 15); this process's own writes show at once (as for the
 * response cache, by event). Thousands of polls a second then cost one database read per period.
 */
export const API_MEMO_MS = 250;

/** Recent URLs and their keys: the same few URLs come again and again (a page's reads). */
const keys = new LRUCache<string, string>({ max: 5_000 });

/** The cache key: path plus the query with its parameters sorted (same question, same key). */
export function normalisedUrl(url: string): string {
  let key = keys.get(url);
  if (key === undefined) keys.set(url, (key = sortedQuery(url)));
  return key;
}

function sortedQuery(url: string): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache?: ResponseCache;
    /** The short memo of /api answers that opt in (API_MEMO_MS); absent when caching is off. */
    apiMemo?: ResponseCache;
  }
}

/**
 * Puts the cache on the app (readRoute uses it for /cached_api) and, once a write on `db` has
 * committed, forgets the answers of the events whose sessions it changed (their capacity, or seats
 * booked: cart/capacity-changes.ts) — before the write is answered, so a buyer never sees a session
 * they just sold out as available. A write rolled back (refused) changed nothing and forgets
 * nothing. (Holds released by the sweeper commit the same way; another process's writes reach the
 * caches through the live hub: PostgreSQL's notices, live/live-hub.ts.)
 */
export function registerResponseCache(app: FastifyInstance, db: Db, ttlMs: number, now: () => Date, eventsOfSessions: (ids: string[]) => Promise<string[]>) {
  const cache = new ResponseCache(ttlMs, () => now().getTime());
  app.decorate('responseCache', cache);
  // On the process's clock, not the app's (a test's frozen clock would keep it forever).
  const apiMemo = ttlMs > 0 ? new ResponseCache(Math.min(ttlMs, API_MEMO_MS), () => performance.now()) : undefined;
  if (apiMemo) app.decorate('apiMemo', apiMemo);
  const caches = apiMemo ? [cache, apiMemo] : [cache];
  const stop = onCapacityCommitted(db, async (sessions) => {
    const events = await eventsOfSessions([...sessions]).catch(() => null);
    for (const c of caches) {
      if (events) c.invalidateEvents(events);
      else c.invalidate();
    }
  });
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a hook without a `done` callback only as an async function
  app.addHook('onClose', async () => stop());
  return cache;
}
