import type { TLiveSession } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { expiredSessionHolds } from '../events/public.js';
import { availableCapacity } from '../events/session-rules.js';
import { getSeatMap } from '../seats/get-seat-map.js';
import type { TtlCache } from '../ttl-cache.js';
import { sessionsWithEvent } from './live.repository.js';

/**
 * What a live message says about sessions that changed (docs/live-availability.md): their figures
 * as the sessions calls show them (expired but unswept holds count as free) and, for a seated
 * session, its seat states as the seat map's states call answers them. One read for all of them.
 */
export async function sessionFigures(deps: { db: Db; now: Date; cache?: TtlCache }, sessionIds: string[]): Promise<TLiveSession[]> {
  if (!sessionIds.length) return [];
  const rows = await sessionsWithEvent(deps.db, sessionIds);
  const expired = await expiredSessionHolds(deps.db, sessionIds, deps.now.toISOString());
  return Promise.all(
    rows.map(async (row) => {
      const used = Math.max(0, row.used_capacity - (expired.get(row.id) ?? 0));
      const available = availableCapacity({ ...row, used_capacity: used });
      const figures: TLiveSession = { id: row.id, capacity: row.capacity, oversell_capacity: row.oversell_capacity, used_capacity: used, availableCapacity: available, sold_out: available === 0 };
      const seats = await seatStates(deps, row.seller_id, row.event_template_id, row.id);
      return seats === null ? figures : { ...figures, seat_states: seats };
    }),
  );
}

/** The seat states letters of a seated session; null when the session has no seat map. */
async function seatStates(deps: { db: Db; now: Date; cache?: TtlCache }, sellerId: string, eventId: string, sessionId: string): Promise<string | null> {
  try {
    const doc = await getSeatMap({ db: deps.db, sellerId, eventId, sessionId, withGeometry: false, now: deps.now, cache: deps.cache });
    return 'seat_state' in doc ? (doc.seat_state?._data[0]?.states ?? null) : null;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
