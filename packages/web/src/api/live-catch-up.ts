import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';
import { navigationStart } from '../lib/navigation-start.js';

/**
 * A read counts as current only if it is this much younger than the event's last change: for its
 * way back to the page, and the server's time to drop its cached answers (docs/live-availability.md).
 */
export const QUIET_MARGIN_MS = 2_000;

/** The cached reads of what the page shows about the event: those keyed by it, and the seat maps' states. */
const eventReads = (eventId: string): QueryFilters[] => [
  { predicate: (q) => JSON.stringify(q.queryKey).includes(`"event":"${eventId}"`) },
  { queryKey: ['seat_map'], predicate: (q) => (q.queryKey[3] as { geometry?: boolean } | undefined)?.geometry === false },
];

/** Asks again for everything the page shows about the event. */
export function refetchEvent(client: QueryClient, eventId: string) {
  for (const filters of eventReads(eventId)) void client.invalidateQueries(filters);
}

/** When a cached read was read, at the earliest (one in flight was sent after the page opened); null: nothing read. */
function readAt(query: Query): number | null {
  if (query.state.fetchStatus === 'fetching') return navigationStart();
  return query.state.data === undefined ? null : query.state.dataUpdatedAt;
}

/** Whether every read of the event the page holds is younger than the event's last change (`quiet_ms` ago, less the margin). */
export function readSinceLastChange(client: QueryClient, eventId: string, quietMs: number): boolean {
  const since = Date.now() - quietMs + QUIET_MARGIN_MS;
  return eventReads(eventId).every((filters) =>
    client
      .getQueryCache()
      .findAll(filters)
      .every((q) => {
        const at = readAt(q);
        return at === null || at > since;
      }),
  );
}

/** `ready`'s `quiet_ms` (ZLiveReady), or null when it does not say (then the page asks again). */
export function quietOf(data: string): number | null {
  try {
    const quiet = (JSON.parse(data) as { quiet_ms?: unknown }).quiet_ms;
    return typeof quiet === 'number' && Number.isSafeInteger(quiet) && quiet >= 0 ? quiet : null;
  } catch {
    return null;
  }
}
