import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/database.js';

/** The seated test catalog: a 27-seat hall (Stalls A, B; Circle C with a wheelchair space), one event, two sessions. */
export const SEATED_FIXTURE = fileURLToPath(new URL('./fixtures/seated-catalog.json', import.meta.url));

/** Seat ids by row and name ("A1", "CW1"). */
export async function seatIds(db: Db): Promise<(label: string) => string> {
  const seats = await db.selectFrom('seat').select(['id', 'row_name', 'name']).execute();
  const byLabel = new Map(seats.map((s) => [`${s.row_name}${s.name}`, s.id]));
  return (label) => byLabel.get(label) ?? `missing-${label}`;
}
