import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLiveAvailability } from '../../../../api/live-availability.js';
import { reloadSessions } from '../../../../api/queries.js';

/**
 * How often the shown day's sessions are asked again while the picker is on screen and the live
 * stream cannot connect (its fallback; docs/live-availability.md). From /api, not /cached_api: every server
 * process answers from the database (one sharing PostgreSQL with the one that took the capacity
 * included), and an unchanged GET is a 304 (ETag) — a few hundred bytes per visitor per interval.
 */
export const SESSION_AVAILABILITY_POLL_MS = 1_000;

/**
 * Session availability on the event screen follows sales without a reload: the page's live stream
 * patches the day's sessions where they are cached (api/live-availability.ts); when the picker
 * lists another source (quantity-first's POST priced for the quantities), that query is asked
 * again when a message names one of its sessions. Only while the stream cannot connect, and the
 * tab is visible, the day's sessions (or the source) are polled instead. A failed poll changes
 * nothing (the next one tries again).
 */
export function useLiveSessions(eventId: string, date: string, options: { hideSoldOut: boolean }, active: boolean, source?: { queryKey: QueryKey }) {
  const client = useQueryClient();
  const hideSoldOut = options.hideSoldOut;
  const inFlight = useRef(false);
  // The latest source, read at each tick (its options object may be made anew on each render).
  const sourceKey = useRef(source?.queryKey);
  useLayoutEffect(() => {
    sourceKey.current = source?.queryKey;
  });
  const hasSource = !!source;
  const refetchSource = useCallback(() => {
    const key = sourceKey.current;
    if (!key || inFlight.current) return;
    inFlight.current = true;
    void client
      .refetchQueries({ queryKey: key, exact: true })
      .catch(() => undefined)
      .finally(() => (inFlight.current = false));
  }, [client]);
  // The priced source is not patched (its figures are for the quantities): asked again when a message names a session it lists.
  const onChange = useCallback(
    (sessions: { id: string }[] | null) => {
      const key = sourceKey.current;
      if (!key || !sessions) return;
      const shown = client.getQueryData<{ event_session?: { _data: { id: string }[] } }>(key)?.event_session?._data ?? [];
      if (sessions.some((s) => shown.some((t) => t.id === s.id))) refetchSource();
    },
    [client, refetchSource],
  );
  const live = useLiveAvailability(eventId, active && !!date, onChange);
  const polling = live === 'fallback';
  useEffect(() => {
    if (!active || !date || !polling) return;
    const timer = setInterval(() => {
      if (inFlight.current || document.visibilityState === 'hidden') return;
      inFlight.current = true;
      const key = sourceKey.current;
      (key ? client.refetchQueries({ queryKey: key, exact: true }) : reloadSessions(client, eventId, date, { hideSoldOut }))
        .catch(() => undefined)
        .finally(() => (inFlight.current = false));
    }, SESSION_AVAILABILITY_POLL_MS);
    return () => clearInterval(timer);
  }, [client, eventId, date, hideSoldOut, active, hasSource, polling]);
}
