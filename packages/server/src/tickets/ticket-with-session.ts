import type { Tx } from '../db/database.js';

/**
 * Tickets with their event, ticket type and session (none for a ticket that is not for a session:
 * a pass, a membership, a donation): the join the door, check-in, the wallet, an order's tickets
 * and the upcoming visits each start from, adding their own joins, columns and filters. Every
 * ticket has an event and a type, so the inner joins keep every ticket.
 */
export function ticketsWithSession(db: Tx) {
  // Stays outside a repository (docs/architecture.md#repositories): a join the repositories of several areas extend, never run here.
  return db
    .selectFrom('ticket')
    .innerJoin('event_template', 'event_template.id', 'ticket.event_template_id')
    .innerJoin('ticket_type', 'ticket_type.id', 'ticket.ticket_type_id')
    .leftJoin('event_session', 'event_session.id', 'ticket.event_session_id');
}

/** A ticket as a person knows it (the door, check-in, the wallet pass, the box office's order page): its id, state, scan code and the name it admits. */
export const TICKET_FACE_COLUMNS = ['ticket.id', 'ticket.state', 'ticket.scan_code', 'ticket.admit_name'] as const;

/**
 * What admitting a scanned ticket decides by, at the door (door/admit-at-door.ts) and at check-in
 * (checkin/check-in.ts): the ticket, its state and handler, whether and when it was let in, its
 * type and its session's span. Columns of ticketsWithSession, spread into a `.select([...])`.
 */
export const ADMISSION_COLUMNS = [...TICKET_FACE_COLUMNS, 'ticket.handler', 'ticket.redeemed_at', 'ticket_type.name as type_name', 'event_session.start_datetime', 'event_session.end_datetime'] as const;

/** A ticket's validity and its session's span, which shownValidity (cart/ticket-validity.ts) compares. */
export const VALIDITY_COLUMNS = ['ticket.valid_from', 'ticket.valid_to', 'event_session.start_datetime', 'event_session.end_datetime'] as const;

/** ticketsWithSession with the ticket's seat (none for unreserved seating): the base of the reads that show SEAT_LABEL_COLUMNS. */
export function ticketsWithSeat(db: Tx) {
  return ticketsWithSession(db).leftJoin('seat', 'seat.id', 'ticket.seat_id');
}

/** A seat's label (door/door-result.ts seatLabel, the wallet pass, admin/read-admin-order.ts), of ticketsWithSeat. */
export const SEAT_LABEL_COLUMNS = ['seat.section as seat_section', 'seat.row_name as seat_row', 'seat.name as seat_name'] as const;
