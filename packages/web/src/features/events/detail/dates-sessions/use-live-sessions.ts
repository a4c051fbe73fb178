import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reloadSessions } from '../../../../api/queries.js';

/**
 * How often the shown day's sessions are asked again while the picker is on screen (issue 15,
 * live availability: a sale elsewhere shows within 2 s). From /api, not /cached_api: every server
 * process answers from the database (one sharing PostgreSQL with the one that took the capacity
 * included), and an unchanged GET is a 304 (ETag) — a few hundred bytes per visitor per interval.
 */
export const SESSION_AVAILABILITY_POLL_MS = 1_000;

/**
 * Session availability on the event screen follows sales without a reload: while `active` and the
 * tab is visible, the day's sessions are reloaded into the picker's query — or, when the picker
 * lists another source (quantity-first's POST priced for the quantities), that query is asked
 * again. A failed poll changes nothing (the next one tries again).
 */
export function useLiveSessions(eventId: string, date: string, options: { hideSoldOut: boolean }, active: boolean, source?: { queryKey: QueryKey }) {
  const client = useQueryClient();
  const hideSoldOut = options.hideSoldOut;
  const inFlight = useRef(false);
  // The latest source, read at each tick (its options object may be made anew on each render).
  const sourceKey = useRef(source?.queryKey);
  sourceKey.current = source?.queryKey;
  const hasSource = !!source;
  useEffect(() => {
    if (!active || !date) return;
    const timer = setInterval(() => {
      if (inFlight.current || document.visibilityState === 'hidden') return;
      inFlight.current = true;
      const key = sourceKey.current;
      (key ? client.refetchQueries({ queryKey: key, exact: true }) : reloadSessions(client, eventId, date, { hideSoldOut }))
        .catch(() => undefined)
        .finally(() => (inFlight.current = false));
    }, SESSION_AVAILABILITY_POLL_MS);
    return () => clearInterval(timer);
  }, [client, eventId, date, hideSoldOut, active, hasSource]);
}
