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
