import { eventQuery } from '../../../api/queries.js';
import { queryClient } from '../../../api/query-client.js';

/**
 * A visitor about to open an event (pointer over its card, keyboard focus, a touch) starts loading
 * the event page's chunk and its first call, so the page opens without waiting for either.
 * Failures are left to the page itself, which loads both again and says what went wrong.
 */
export function preloadEvent(id: string): void {
  void import('../detail/event-page.js').catch(() => undefined);
  void queryClient.query(eventQuery(id)).catch(() => undefined);
}
