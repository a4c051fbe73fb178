import type { Target } from './load.js';

/**
 * The seat map rows (issue 15) for a target serving bench/fixtures/big-hall.ts: the 2,000-seat
 * session of "An Evening Under the Stars". The /api states call is what an open map polls (every
 * second); the If-None-Match row is such a poll finding nothing changed.
 */
export async function seatMapTargets(base: string): Promise<Target[]> {
  const list = (await (await fetch(`${base}/api/events/available`)).json()) as { event_template: { _data: { id: string; name: string }[] } };
  const event = list.event_template._data.find((e) => e.name === 'An Evening Under the Stars')!.id;
  const sessions = (await (await fetch(`${base}/api/events/${event}/sessions?_limit=1`)).json()) as { event_session: { _data: { id: string }[] } };
  const path = `/events/${event}/sessions/${sessions.event_session._data[0].id}/seat_map`;
  const etag = (await fetch(`${base}/api${path}`)).headers.get('etag')!;
  return [
    { name: 'GET /cached_api/…/seat_map (states, cached)', path: `/cached_api${path}` },
    { name: 'GET /api/…/seat_map (states: the poll)', path: `/api${path}` },
    { name: 'GET /api/…/seat_map (states: unchanged, 304)', path: `/api${path}`, headers: { 'if-none-match': etag } },
    { name: 'GET /cached_api/…/seat_map?_withgeometry=true', path: `/cached_api${path}?_withgeometry=true` },
  ];
}
