import type { Tx } from '../db/database.js';

/**
 * Sessions with their event template (every session has one, so the inner join keeps every session): the
 * join the door, the box office, seats, promotions, orders, the cart's inject lookup and the live
 * figures start from, adding their own joins, columns and filters. Built here, run by them.
 */
export function sessionsWithTemplate(db: Tx) {
  return db.selectFrom('event_session').innerJoin('event_template', 'event_template.id', 'event_session.event_template_id');
}
