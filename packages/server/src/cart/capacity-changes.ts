import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The sessions whose capacity a request changed, so the response cache forgets only the events
 * they belong to (http/response-cache.ts). The capacity repository notes every take and give-back;
 * outside a tracked request the note goes nowhere (the sweeper collects its own, release-expired-carts.ts).
 */
const current = new AsyncLocalStorage<Set<string>>();

/** Runs `fn` (the rest of a request) collecting the sessions whose capacity changes into `into`. */
export function collectCapacityChanges(into: Set<string>, fn: () => void) {
  current.run(into, fn);
}

export function noteCapacityChange(sessionId: string) {
  current.getStore()?.add(sessionId);
}
