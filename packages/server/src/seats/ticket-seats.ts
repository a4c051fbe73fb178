import type { TTicketSeat } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { seatsByIds } from './seat-templates.repository.js';

/** The seats of seated tickets, for the `seat` list of cart and order documents (none: no query). */
export async function seatsOfTickets(db: Tx, tickets: { seat_id?: string | null }[]): Promise<TTicketSeat[]> {
  const ids = [...new Set(tickets.map((t) => t.seat_id).filter((id): id is string => !!id))];
  if (!ids.length) return [];
  const rows = await seatsByIds(db, ids);
  return rows.map((r) => ({ id: r.id, section: r.section, row: r.row_name, name: r.name, zone: r.zone }));
}
