import type { Tx } from '../db/database.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { memo } from '../cart/memo.js';
import { seatGroupsOf, sellableSeatIds } from './seat-templates.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * Reserving a seat (issue 15). A ticket of a "seated" group names its seat in
 * `handler_data.seat_id`; the seat must be on the group's template, in one of its zones, and
 * sellable. Whether it is free is not read here: the ticket row's insert decides, through the
 * unique index over live tickets per session and seat (migration 0015), whoever commits first.
 */
export async function seatOfReserveItem(
  tx: Tx,
  cache: TtlCache | undefined,
  item: { handler_data?: Record<string, unknown> | null },
  rule: { handler: string; ticket_group_id: string; group_name: string },
  typeName: string,
  sessionId: string | null,
  index: number,
): Promise<string | null> {
  if (rule.handler !== 'seated') return null;
  const seatId = item.handler_data?.seat_id;
  if (typeof seatId !== 'string' || !seatId || !sessionId) {
    throw new AppError(400, 'validation_failed', `Not enough seats for ${rule.group_name} ${typeName}`, 'reserve', { index, field: 'seat_id' });
  }
  const sellable = await memo(cache, `seats:${rule.ticket_group_id}`, () => sellableSeatsOfGroup(tx, rule.ticket_group_id));
  if (!sellable.has(seatId)) throw seatUnavailable(sessionId, seatId, 'This seat is not sold with these tickets.');
  return seatId;
}

/** The seats a seated group may sell: on its template, in its zones, neither killed nor retired. */
async function sellableSeatsOfGroup(tx: Tx, groupId: string): Promise<Set<string>> {
  const seating = (await seatGroupsOf(tx, [groupId])).at(0);
  if (!seating) return new Set();
  const zones = JSON.parse(seating.zones) as string[];
  const rows = await sellableSeatIds(tx, seating.seat_template_id, zones);
  return new Set(rows.map((r) => r.id));
}

function seatUnavailable(sessionId: string, seatId: string | null, description = 'Sorry, that seat has just been taken. Please choose another.') {
  return new AppError(409, 'seat_unavailable', description, 'reserve', { event_session_id: sessionId, seat_id: seatId });
}

/**
 * Inserts new tickets with seats in seat order (so two buyers of the same seats never wait on
 * each other in opposite orders on PostgreSQL), answering them in the order given; a seat
 * another live ticket holds becomes 409 seat_unavailable (the caller's transaction rolls back).
 */
export async function insertHoldingSeats<T extends { id: string; seat_id: string | null; event_session_id: string | null }, R extends { id: string }>(
  rows: T[],
  insert: (rows: T[]) => Promise<R[]>,
): Promise<R[]> {
  const seated = rows.filter((r) => r.seat_id);
  if (!seated.length) return insert(rows);
  const ordered = [...rows.filter((r) => !r.seat_id), ...seated.sort((a, b) => ((a.seat_id ?? '') < (b.seat_id ?? '') ? -1 : 1))];
  try {
    const inserted = await insert(ordered);
    const position = new Map(rows.map((r, i) => [r.id, i]));
    const at = (id: string) => mustExist(position.get(id), `position of ticket ${id}`);
    return inserted.sort((a, b) => at(a.id) - at(b.id));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw seatUnavailable(mustExist(seated[0].event_session_id, 'session of a seated ticket'), seated.length === 1 ? seated[0].seat_id : null);
  }
}
