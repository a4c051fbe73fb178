// Moving around a seat map (docs/seating.md#3-storefront): a pinch's span, and the nearest seat in the row in front or behind for the arrow keys.
import type { MapSeat } from './seat-picking.js';

export const pinchDistance = (pointers: Map<number, { x: number; y: number }>) => {
  if (pointers.size < 2) return 0;
  const [a, b] = [...pointers.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
};

/** Seats grouped by their row's line (y), front to back: for moving up and down. */
export function rowsInFront(seats: readonly MapSeat[]): MapSeat[][] {
  const lines = new Map<number, MapSeat[]>();
  for (const s of seats) {
    const y = Math.round(s.y);
    lines.set(y, [...(lines.get(y) ?? []), s]);
  }
  return [...lines.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** The seat of the next row line in front (-1) or behind (+1) nearest across. */
export function nearestInRow(rows: MapSeat[][], seat: MapSeat, direction: -1 | 1): string | undefined {
  const at = rows.findIndex((row) => row.some((s) => s.id === seat.id));
  // Past the front or back row there is none.
  const row = rows[at + direction] as MapSeat[] | undefined;
  if (!row) return undefined;
  return row.reduce((best, s) => (Math.abs(s.x - seat.x) < Math.abs(best.x - seat.x) ? s : best)).id;
}
