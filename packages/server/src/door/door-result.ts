import type { TDoorResult } from '@foyer/contracts';
import type { DoorTicketRow } from './door.repository.js';

/** Row → wire pieces of the door's answers (docs/door.md), built in this one place. */

export function seatLabel(t: Pick<DoorTicketRow, 'seat_section' | 'seat_row' | 'seat_name'>): string | null {
  if (!t.seat_name) return null;
  return [t.seat_section, t.seat_row, t.seat_name].filter(Boolean).join(' · ');
}

/** Who the ticket admits: its admit name, else the buyer's. */
export function personOf(t: Pick<DoorTicketRow, 'admit_name' | 'purchaser_first' | 'purchaser_last' | 'owner_first' | 'owner_last'>): string | null {
  const full = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || null;
  return t.admit_name?.trim() || full(t.purchaser_first, t.purchaser_last) || full(t.owner_first, t.owner_last);
}

/** A ticket's result with nothing decided yet. */
export function ticketResult(t: DoorTicketRow): Omit<TDoorResult, 'outcome' | 'reason' | 'scan_id'> {
  return {
    scan_code: t.scan_code ?? '',
    kind: 'ticket',
    ticket_id: t.id,
    name: personOf(t),
    ticket_type_name: t.type_name,
    seat: seatLabel(t),
    admitted_at: null,
    admitted_by: null,
    session_start: null,
    valid_from: null,
    valid_to: null,
  };
}

/** A code the door cannot place. */
export function unknownResult(scanCode: string): TDoorResult {
  return { outcome: 'refused', reason: 'not_found', scan_id: null, scan_code: scanCode, kind: null, ticket_id: null, name: null, ticket_type_name: null, seat: null, admitted_at: null, admitted_by: null, session_start: null, valid_from: null, valid_to: null };
}
