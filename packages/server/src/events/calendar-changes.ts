import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { uuidv7 } from '../ids.js';

/**
 * Notes for the calendar summary (calendar-summary.ts) that a session's figures changed, in the
 * writer's own transaction: a plain insert, so a reservation never waits on another's row lock,
 * and the note commits (or rolls back) with the change it describes.
 */
const insertChange = prepared((tx, id: string, eventId: string, start: string) => tx.insertInto('calendar_change').values({ id, event_template_id: eventId, start_datetime: start }));
const insertChangeOfSession = prepared((tx, id: string, sessionId: string) =>
  tx
    .insertInto('calendar_change')
    .columns(['id', 'event_template_id', 'start_datetime'])
    .expression((eb) => eb.selectFrom('event_session').select([sql<string>`cast(${id} as text)`.as('id'), 'event_template_id', 'start_datetime']).where('id', '=', sessionId)),
);

/** The start '*' stands for every session of the event (a catalog import). */
export const WHOLE_EVENT = '*';

export async function noteCalendarChange(tx: Tx, eventId: string, start: string) {
  await insertChange(tx, uuidv7(), eventId, start);
}

export async function noteCalendarChangeOfSession(tx: Tx, sessionId: string) {
  await insertChangeOfSession(tx, uuidv7(), sessionId);
}
