import { isAllDaySession } from '@foyer/contracts/rules';

/** What availability is worked out from; `sale_closed` when the row says (a session staff closed for sale). */
export type SessionRoomFields = { capacity: number; oversell_capacity: number; used_capacity: number; sale_closed?: number };

/**
 * capacity + oversell − used, never below 0; -1 when unlimited (docs/events.md#data). A session staff closed
 * for sale has none left, whatever its figures (docs/box-office.md, Sessions): reserving refuses it
 * as sold out, so every read shows it so.
 */
export function availableCapacity(s: SessionRoomFields): number {
  if (s.sale_closed) return 0;
  if (s.capacity === -1) return -1;
  return Math.max(0, s.capacity + s.oversell_capacity - s.used_capacity);
}

export function hasRoomFor(s: SessionRoomFields, quantity: number): boolean {
  const available = availableCapacity(s);
  return available === -1 || available >= quantity;
}

/** Timed sessions sell until they start; all-day ones until they end. */
export function isOnSale(s: { start_datetime: string; end_datetime: string }, now: Date): boolean {
  return Date.parse(isAllDaySession(s) ? s.end_datetime : s.start_datetime) > now.getTime();
}

