import { queryOptions } from '@tanstack/react-query';
import type { TSeatMapDocument } from '@foyer/contracts';
import { api } from '../../../api/client.js';

const path = (eventId: string, sessionId: string) => `events/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}/seat_map`;

/**
 * The session's map with every seat (GET …/seat_map?_withgeometry=true, cacheable). Its ETag names
 * the drawing only, so a copy revalidated by the browser keeps the states it was fetched with: the
 * map takes its states from seatStatesQuery, asked beside it.
 */
export function seatMapQuery(eventId: string, sessionId: string) {
  return queryOptions({
    queryKey: ['seat_map', 'detail', sessionId, { geometry: true }] as const,
    queryFn: ({ signal }) => api.get<TSeatMapDocument>(path(eventId, sessionId), { cached: true, query: { _withgeometry: 'true' }, signal }),
    staleTime: 0,
  });
}

/**
 * Seat states only. The page's live stream patches them as seats are taken (docs/live-availability.md);
 * with `poll` (the stream cannot connect) they are asked every second while the map is open and
 * the tab visible, so seats others take turn unavailable within the 2 s (issue 15). From /api, not /cached_api: every server
 * process answers it from the database, reused for at most 250 ms (server API_MEMO_MS), so a hold
 * taken through another process shows within 1.25 s and a round trip (a process's response cache
 * would keep it up to its TTL). An unchanged answer is a 304.
 */
export const SEAT_STATES_POLL_MS = 1_000;
export function seatStatesQuery(eventId: string, sessionId: string, poll = true) {
  return queryOptions({
    queryKey: ['seat_map', 'detail', sessionId, { geometry: false }] as const,
    queryFn: ({ signal }) => api.get<TSeatMapDocument>(path(eventId, sessionId), { signal }),
    refetchInterval: poll ? SEAT_STATES_POLL_MS : false,
    staleTime: SEAT_STATES_POLL_MS,
  });
}
