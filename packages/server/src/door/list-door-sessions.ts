import type { TDoorSession } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { localDate } from '@foyer/contracts/rules';
import { dayBounds } from '../time/venue-time.js';
import { sessionCounts, sessionsBetween } from './door.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * GET door/sessions: the sessions running today (the seller's local day), earliest first, each
 * with its admitted and expected counts; `event` narrows to one event (docs/door.md).
 */
export async function listDoorSessions(db: Db, input: { sellerId: string; sellerTimezone: string; eventId: string | null; now: Date }): Promise<TDoorSession[]> {
  const { start, end } = dayBounds(localDate(input.now.toISOString(), input.sellerTimezone), input.sellerTimezone);
  const sessions = await sessionsBetween(db, input.sellerId, start, end, input.eventId);
  const counts = await sessionCounts(db, sessions.map((s) => s.id));
  return sessions.map((s) => ({ ...s, timezone: s.timezone ?? input.sellerTimezone, ...mustExist(counts.get(s.id), `counts of session ${s.id}`) }));
}
