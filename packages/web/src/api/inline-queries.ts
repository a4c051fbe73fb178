import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { INLINE_QUERIES_ID, INLINE_ZONES_ID, type ZoneOffsets } from '@foyer/contracts/constants';
import { seedZoneOffsets } from '../lib/venue-time.js';
import { navigationStart } from '../lib/navigation-start.js';

/**
 * A server-rendered page's query cache (docs/server-rendering.md): what the server's render read,
 * dehydrated into the page, goes into the browser's cache before the app hydrates, so hydration
 * asks nothing again. Its reads count as made when this page was asked for (navigation start, on
 * this browser's clock, not the server's). Without the block, or when it cannot be read: false.
 */
export function hydrateInlineQueries(client: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(INLINE_QUERIES_ID)?.textContent;
  if (!text) return false;
  try {
    const state = JSON.parse(text) as DehydratedState | null;
    if (!Array.isArray(state?.queries)) return false;
    const at = navigationStart();
    hydrate(client, { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: at } })) });
    const zones = JSON.parse(doc.getElementById(INLINE_ZONES_ID)?.textContent || '{}') as Record<string, ZoneOffsets>;
    for (const [zone, offsets] of Object.entries(zones)) seedZoneOffsets(zone, offsets);
    return true;
  } catch {
    return false;
  }
}
