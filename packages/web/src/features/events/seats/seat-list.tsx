import { useMemo } from 'react';
import type { MapSeat, Selection } from './seat-picking.js';

/** The list alternative to the map: every seat of the shown groups as a toggle button, by section and row. */
export function SeatList({ seats, selection, selectable, label, onSeat, filter }: {
  seats: readonly MapSeat[];
  selection: Selection;
  selectable: (seat: MapSeat) => boolean;
  label: (seat: MapSeat) => string;
  onSeat: (seatId: string) => void;
  filter: string | null;
}) {
  const rows = useMemo(() => {
    const out = new Map<string, MapSeat[]>();
    for (const s of seats) {
      if (filter && !s.groups.includes(filter)) continue;
      const key = `${s.section} · ${s.row}`;
      out.set(key, [...(out.get(key) ?? []), s]);
    }
    return [...out];
  }, [seats, filter]);
  return (
    <div className="seat-list">
      {rows.map(([name, row]) => (
        <fieldset key={name} className="seat-list__row">
          <legend>{name}</legend>
          {row.map((s) => {
            const chosen = selection.has(s.id);
            return (
              <button key={s.id} type="button" className="seat-list__seat" aria-pressed={chosen} aria-label={label(s)} disabled={!chosen && !selectable(s)} onClick={() => onSeat(s.id)}>
                {s.name}
              </button>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
