import type { TTicketGroup } from '@foyer/contracts';
import { lazy, Suspense, useState } from 'react';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import type { PriceGroup } from '../../shared/events/model.js';
import type { MapSeat, SeatNeed } from '../events/public.js';
import { loadEventPage } from '../events/public-routes.js';

// The storefront's seat map, loaded only when staff open it, through the event page's route chunk (a
// dynamic entry the storefront has already): importing the map's own chunk from here would give it a
// second importer and re-split the event page's chunks, growing the storefront's first load
// (docs/box-office.md#seats).
const SeatMapDialog = lazy(async () => (await loadEventPage()).loadSeatMapDialog());

/** One ticket that needs a seat: its group, and its type's name (what the map's errors say). */
export interface SeatLine {
  groupId: string;
  typeName: string;
}

/** The seats staff chose on the map: seat id → group, and the map's seats (for order and labels). */
interface MapChoice {
  selection: ReadonlyMap<string, string>;
  seats: readonly MapSeat[];
}

/** What a dialog keeps of the choice: the API's `seat_ids` (one per line, in order), their labels, and the map's selection to start from again. */
export interface ChosenSeats {
  ids: string[];
  labels: string[];
  selection: ReadonlyMap<string, string>;
}

/** The map's needs: per group, per type name, how many tickets. */
export function seatNeeds(lines: readonly SeatLine[]): SeatNeed[] {
  const needs = new Map<string, SeatNeed>();
  for (const line of lines) {
    const need = needs.get(line.groupId) ?? { groupId: line.groupId, groupName: line.typeName, types: [] };
    const type = need.types.find((x) => x.typeName === line.typeName);
    if (type) type.quantity++;
    else need.types.push({ typeId: line.typeName, typeName: line.typeName, quantity: 1 });
    needs.set(line.groupId, need);
  }
  return [...needs.values()];
}

/**
 * One seat per line, in the lines' order (the API's `seat_ids`): each line takes the next seat of its
 * group in the map's order. Null while the seats chosen do not cover the lines exactly.
 */
export function seatIdsFor(lines: readonly SeatLine[], chosen: MapChoice | null): string[] | null {
  if (!chosen || chosen.selection.size !== lines.length) return null;
  const queues = new Map<string, string[]>();
  for (const seat of chosen.seats) {
    const group = chosen.selection.get(seat.id);
    if (group) queues.set(group, [...(queues.get(group) ?? []), seat.id]);
  }
  const out = lines.map((line) => queues.get(line.groupId)?.shift());
  return out.every((x): x is string => !!x) ? out : null;
}

const label = (s: MapSeat) => [s.section, s.row, s.name].filter(Boolean).join(' ');

/** A seat the map chose is on the map: one missing is a fault, said as such. */
function mustGetSeat(byId: ReadonlyMap<string, MapSeat>, id: string): MapSeat {
  const seat = byId.get(id);
  if (!seat) throw new Error(`chosen seat ${id} is not on the map`);
  return seat;
}

/**
 * The seats of a move or of comps into a seated session (docs/box-office.md#seats): the seats
 * chosen, and a button that opens the storefront's seat map for exactly as many seats as tickets.
 * The dialogs load it on demand (default export), so nothing of it is in the staff route table's list.
 */
export default function StaffSeats(props: { eventId: string; sessionId: string; lines: readonly SeatLine[]; chosen: ChosenSeats | null; onChosen: (chosen: ChosenSeats) => void }) {
  const [open, setOpen] = useState(false);
  const { chosen } = props;
  const needs = seatNeeds(props.lines);
  // The map's filters name each group by its tickets' types; prices are the order's, not shown.
  const groups = needs.map((n) => ({ group: { id: n.groupId, name: n.types.map((x) => x.typeName).join(', ') } as TTicketGroup, types: [] }) satisfies PriceGroup);
  return (
    <fieldset className="admin-seats">
      <legend>{t.seats.legend}</legend>
      {chosen ? (
        <ul aria-label={t.seats.chosen}>
          {chosen.labels.map((label, i) => (
            <li key={chosen.ids[i]}>{label}</li>
          ))}
        </ul>
      ) : (
        <p>{fill(t.seats.needed, { n: props.lines.length })}</p>
      )}
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {chosen ? t.seats.change : t.seats.choose}
      </button>
      {open && (
        <Suspense fallback={<p role="status">{t.loading}</p>}>
          <SeatMapDialog
            open
            eventId={props.eventId}
            sessionId={props.sessionId}
            needs={needs}
            groups={groups}
            currency=""
            initial={chosen?.selection ?? new Map()}
            onConfirm={(selection, seats) => {
              const ids = seatIdsFor(props.lines, { selection, seats });
              const byId = new Map(seats.map((s) => [s.id, s]));
              if (ids) props.onChosen({ ids, labels: ids.map((id) => label(mustGetSeat(byId, id))), selection });
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
