import type { Tx } from '../db/database.js';
import { sessionsWithTemplate } from '../events/public.js';

/** The sessions' figures, with their event and its seller (the stream's message; session-figures.ts). */
export function sessionsWithEvent(db: Tx, sessionIds: string[]) {
  return sessionsWithTemplate(db)
    .select(['event_session.id', 'event_session.event_template_id', 'event_template.seller_id', 'event_session.capacity', 'event_session.oversell_capacity', 'event_session.used_capacity', 'event_session.sale_closed'])
    .where('event_session.id', 'in', sessionIds)
    .execute();
}

/** Which event each session belongs to (a notice names only the session). */
export function eventIdsOfSessions(db: Tx, sessionIds: string[]) {
  return db.selectFrom('event_session').select(['id', 'event_template_id']).where('id', 'in', sessionIds).execute();
}
