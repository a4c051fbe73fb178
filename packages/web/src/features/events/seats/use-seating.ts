import type { TReserveTicket } from '@foyer/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { PriceGroup } from '../../../shared/events/model.js';
import { typeKey, type Quantities } from '../detail/quantities/quantities.js';
import { attachSeats, selectionComplete, type MapSeat, type SeatNeed } from './seat-picking.js';

/** The seats chosen for a session's seated groups, and what the reserve form needs of them (docs/seating.md#3-storefront). */
export interface Seating {
  /** Some seated tickets are chosen: seats must be assigned before reserving. */
  needed: boolean;
  needs: SeatNeed[];
  seatedGroups: PriceGroup[];
  selection: ReadonlyMap<string, string>;
  /** The chosen seats as the map gave them (for labels and order). */
  chosen: MapSeat[];
  /** Every seated ticket has exactly one seat (or no seated ticket is chosen). */
  ready: boolean;
  confirm: (selection: Map<string, string>, seats: readonly MapSeat[]) => void;
  clear: () => void;
  /** The add of a reservation with each seated ticket's seat in handler_data. */
  attach: (add: TReserveTicket[]) => TReserveTicket[];
}

const NONE = { selection: new Map<string, string>(), seats: [] as MapSeat[] };

export function useSeating(groups: readonly PriceGroup[], quantities: Quantities): Seating {
  const seatedGroups = useMemo(() => groups.filter(({ group }) => group.handler === 'seated'), [groups]);
  const needs = useMemo<SeatNeed[]>(
    () =>
      seatedGroups.map(({ group, types }) => ({
        groupId: group.id,
        groupName: group.name,
        types: types.map(({ type }) => ({ typeId: type.id, typeName: type.name, quantity: quantities[typeKey(group.id, type.id)] ?? 0 })),
      })),
    [seatedGroups, quantities],
  );
  const [state, setState] = useState<{ selection: Map<string, string>; seats: MapSeat[] }>(NONE);
  const clear = useCallback(() => setState(NONE), []);
  const needed = needs.some((n) => n.types.some((t) => t.quantity > 0));
  const order = useMemo(() => new Map(state.seats.map((s, i) => [s.id, i])), [state.seats]);
  const chosen = useMemo(() => state.seats.filter((s) => state.selection.has(s.id)), [state]);
  const seatedGroupOfType = useMemo(() => new Map(seatedGroups.flatMap(({ group, types }) => types.map(({ type }) => [type.id, group.id] as const))), [seatedGroups]);
  return {
    needed,
    needs,
    seatedGroups,
    selection: state.selection,
    chosen,
    ready: !needed || selectionComplete(needs, state.selection),
    confirm: (selection, seats) => setState({ selection, seats: [...seats] }),
    clear,
    attach: (add) => (needed ? attachSeats(add, seatedGroupOfType, state.selection, order) : add),
  };
}
