import type { TReserveTicket, TSeat, TSeatMapDocument } from '@foyer/contracts';
import { en, format } from '../../../i18n/en.js';

/**
 * The seat-selection rules of docs/seating.md#3-storefront, pure: a seat is selectable only when available;
 * clicking one selects it and auto-picks neighbours in its row to fill what its group still
 * needs; clicking a selected seat deselects it; the confirm errors; "best available"; and how the
 * chosen seats are given to the tickets of a reservation.
 */

/** A seat as the map uses it (the seat_map answer with geometry). */
export interface MapSeat {
  id: string;
  name: string;
  section: string;
  row: string;
  x: number;
  y: number;
  r: number;
  zone: string;
  groups: string[];
  state: 'available' | 'booked' | 'unavailable';
  previous: string | null;
  next: string | null;
}

export function mapSeats(seats: readonly TSeat[]): MapSeat[] {
  return seats.map((s) => ({
    id: s.id, name: s.name ?? '', section: s.section ?? '', row: s.row ?? '', x: s.x ?? 0, y: s.y ?? 0, r: s.r ?? 10, zone: s.zone ?? '',
    groups: s.ticket_groups ?? [], state: s.state === 'selected' ? 'available' : s.state, previous: s.previous ?? null, next: s.next ?? null,
  }));
}

/**
 * The latest states over the map's seats: the states answer has a letter per seat in the map's
 * order (`a`, `b`, `u`), for its geometry version; another version, or a full answer, changes nothing.
 */
export function withStates(seats: MapSeat[], geometryVersion: string | undefined, latest: TSeatMapDocument | undefined): MapSeat[] {
  const states = latest?.seat_state?._data[0];
  if (!states || states.geometry_version !== geometryVersion || states.states.length !== seats.length) return seats;
  const byLetter = new Map<string, MapSeat['state']>([['a', 'available'], ['b', 'booked'], ['u', 'unavailable']]);
  return seats.map((s, i) => {
    const state = byLetter.get(states.states[i]) ?? s.state;
    return state === s.state ? s : { ...s, state };
  });
}

/** Seats needed per seated group: the quantities chosen, by type in display order. */
export interface SeatNeed {
  groupId: string;
  groupName: string;
  /** Ticket types with their quantities, in display order (seats go to them in this order). */
  types: { typeId: string; typeName: string; quantity: number }[];
}

/** Chosen seats: seat id → the group it is for. Insertion order is the order chosen. */
export type Selection = ReadonlyMap<string, string>;

const needOf = (need: SeatNeed) => need.types.reduce((n, t) => n + t.quantity, 0);
const countFor = (selection: Selection, groupId: string) => [...selection.values()].filter((g) => g === groupId).length;

/** The group a click on this seat serves: the first of its groups still short of seats, else the first with any need. */
function needForSeat(seat: MapSeat, needs: readonly SeatNeed[], selection: Selection): SeatNeed | undefined {
  const wanted = needs.filter((n) => seat.groups.includes(n.groupId) && needOf(n) > 0);
  return wanted.find((n) => countFor(selection, n.groupId) < needOf(n)) ?? wanted.at(0);
}

export function isSelectable(seat: MapSeat, needs: readonly SeatNeed[]): boolean {
  return seat.state === 'available' && needs.some((n) => seat.groups.includes(n.groupId) && needOf(n) > 0);
}

/**
 * A click on a seat: deselects a selected one; selects an available one for its group and then
 * auto-picks the next free seats of the same group in its row — first towards `next`, then
 * towards `previous` — until the group has as many seats as tickets. Anything else: unchanged.
 */
export function clickSeat(seats: ReadonlyMap<string, MapSeat>, selection: Selection, needs: readonly SeatNeed[], seatId: string): Map<string, string> {
  const out = new Map(selection);
  if (out.has(seatId)) {
    out.delete(seatId);
    return out;
  }
  const seat = seats.get(seatId);
  // A selectable seat is available with a group still in need (isSelectable).
  const need = seat?.state === 'available' ? needForSeat(seat, needs, selection) : undefined;
  if (!seat || !need) return out;
  const groupId = need.groupId;
  out.set(seat.id, groupId);
  let missing = needOf(need) - countFor(out, groupId);
  const free = (s: MapSeat | undefined): s is MapSeat => !!s && s.state === 'available' && s.groups.includes(groupId) && !out.has(s.id);
  for (const direction of ['next', 'previous'] as const) {
    let at = seats.get(seat[direction] ?? '');
    while (missing > 0 && free(at)) {
      out.set(at.id, groupId);
      missing--;
      at = seats.get(at[direction] ?? '');
    }
  }
  return out;
}

/** docs/seating.md#3-storefront: what keeps 'Confirm Selection' disabled, in the spec's words (none: ready). */
export function selectionErrors(needs: readonly SeatNeed[], selection: Selection): string[] {
  const errors: string[] = [];
  for (const need of needs) {
    const have = countFor(selection, need.groupId);
    const wanted = needOf(need);
    if (have > wanted) {
      errors.push(format(en.seats.tooMany, { group: need.groupName }));
      continue;
    }
    // Seats go to the types in order: the first type left without one is named.
    let left = have;
    for (const t of need.types) {
      if (left < t.quantity) {
        errors.push(format(en.seats.notEnough, { group: need.groupName, type: t.typeName }));
        break;
      }
      left -= t.quantity;
    }
  }
  return errors;
}

/** Whether the chosen seats exactly cover every seated ticket (and there is at least one). */
export function selectionComplete(needs: readonly SeatNeed[], selection: Selection): boolean {
  return needs.some((n) => needOf(n) > 0) && selectionErrors(needs, selection).length === 0;
}

/**
 * Gives each seated ticket of a reservation its seat (handler_data.seat_id): a group's seats in
 * the order of the map (section, row, seat), to its tickets in the order they are listed.
 */
export function attachSeats(add: TReserveTicket[], seatedGroupOfType: ReadonlyMap<string, string>, selection: Selection, seatOrder: ReadonlyMap<string, number>): TReserveTicket[] {
  const queues = new Map<string, string[]>();
  for (const [seatId, groupId] of selection) queues.set(groupId, [...(queues.get(groupId) ?? []), seatId]);
  for (const q of queues.values()) q.sort((a, b) => (seatOrder.get(a) ?? 0) - (seatOrder.get(b) ?? 0));
  return add.map((item) => {
    const groupId = seatedGroupOfType.get(item.ticket_type_id);
    const seatId = groupId ? queues.get(groupId)?.shift() : undefined;
    return seatId ? { ...item, handler_data: { ...(item.handler_data ?? {}), seat_id: seatId } } : item;
  });
}

/**
 * "Best available" (docs/seating.md): for each group with tickets, the contiguous block of free
 * seats in one row whose centre lies closest to the centre of that group's zone (all of its seats,
 * sold or not: the best view of what it sells); ties go to the front row, then the left. Groups
 * are served in need order; a group with no block long enough gets nothing (null is answered).
 */
export function bestAvailable(seats: readonly MapSeat[], needs: readonly SeatNeed[]): Map<string, string> | null {
  const out = new Map<string, string>();
  const byId = new Map(seats.map((s) => [s.id, s]));
  for (const need of needs) {
    const count = needOf(need);
    if (!count) continue;
    const zone = seats.filter((s) => s.groups.includes(need.groupId));
    if (!zone.length) return null;
    const centre = { x: zone.reduce((n, s) => n + s.x, 0) / zone.length, y: zone.reduce((n, s) => n + s.y, 0) / zone.length };
    const free = (s: MapSeat | undefined): s is MapSeat => !!s && s.state === 'available' && s.groups.includes(need.groupId) && !out.has(s.id);
    let best: { block: MapSeat[]; score: number; y: number; x: number } | null = null;
    // Row starts: seats without a free seat of the group before them.
    for (const start of zone) {
      if (!free(start) || free(byId.get(start.previous ?? ''))) continue;
      const run: MapSeat[] = [];
      for (let at: MapSeat | undefined = start; free(at); at = byId.get(at.next ?? '')) run.push(at);
      for (let i = 0; i + count <= run.length; i++) {
        const block = run.slice(i, i + count);
        const x = block.reduce((n, s) => n + s.x, 0) / count;
        const y = block.reduce((n, s) => n + s.y, 0) / count;
        const score = Math.hypot(x - centre.x, y - centre.y);
        if (!best || score < best.score - 1e-6 || (Math.abs(score - best.score) <= 1e-6 && (y < best.y || (y === best.y && x < best.x)))) best = { block, score, y, x };
      }
    }
    if (!best) return null;
    for (const s of best.block) out.set(s.id, need.groupId);
  }
  return out;
}
