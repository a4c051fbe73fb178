import type { Quantities } from './quantities.js';

/**
 * The cached selection of docs/events.md#flows: the quantities chosen for one session are the defaults of the
 * next session picked on the same day, when they fit its availableCapacity.
 */
export interface CachedSelection {
  /** The venue-local day (YYYY-MM-DD) of the session they were chosen for. */
  date: string;
  sessionId: string;
  quantities: Quantities;
}

/**
 * Where a flow keeps the last selection: the flow makes one and owns it, the session's quantities
 * (and a deep link's tickets) remember into it and forget it once added. A plain object, not render
 * state: a change of it never re-renders, it is read when the next session's defaults are taken.
 */
export interface SelectionCache {
  read(): CachedSelection | null;
  remember(selection: CachedSelection): void;
  forget(): void;
}

export function createSelectionCache(): SelectionCache {
  let kept: CachedSelection | null = null;
  return {
    read: () => kept,
    remember: (selection) => {
      kept = selection;
    },
    forget: () => {
      kept = null;
    },
  };
}

function count(quantities: Quantities): number {
  return Object.values(quantities).reduce((n, q) => n + (q > 0 ? q : 0), 0);
}

/**
 * The defaults for a newly chosen session, or null: only on the same day (the same session again
 * counts too),
 * with something chosen, and when the total fits the new session's availableCapacity (-1 means
 * unlimited).
 */
export function cachedDefaults(cache: CachedSelection | null, next: { date: string; sessionId: string; availableCapacity: number }): Quantities | null {
  if (!cache || cache.date !== next.date) return null;
  const total = count(cache.quantities);
  if (total === 0) return null;
  if (next.availableCapacity >= 0 && total > next.availableCapacity) return null;
  return { ...cache.quantities };
}
