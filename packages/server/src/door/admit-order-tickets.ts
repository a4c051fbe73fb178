import { DOOR_TEXT, type TDoorResult } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { admitAtDoor, type DoorScanInput } from './admit-at-door.js';
import { ticketsByIds } from './door.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * POST door/sessions/{id}/admit: some tickets of one order found by lookup, each let in as if its
 * code were scanned (the same rules and the same once-only update; docs/door.md).
 */
export async function admitOrderTickets(db: Db, dialect: Dialect, input: Omit<DoorScanInput, 'scanCode' | 'source'> & { ticketIds: string[] }): Promise<TDoorResult[]> {
  const ids = [...new Set(input.ticketIds)];
  const tickets = await ticketsByIds(db, input.sellerId, ids);
  const orders = new Set(tickets.map((t) => t.ticket_order_id));
  if (tickets.length !== ids.length || orders.size !== 1 || tickets.some((t) => !t.scan_code || t.event_session_id !== input.session.id)) {
    throw new AppError(404, 'ticket_not_found', DOOR_TEXT.ticketsNotInSession, 'door');
  }
  const results: TDoorResult[] = [];
  for (const t of tickets) results.push(await admitAtDoor(db, dialect, { ...input, scanCode: mustExist(t.scan_code, `scan code of ticket ${t.id}`), source: 'lookup' }));
  return results;
}
