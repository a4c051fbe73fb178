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

/** Notes older than this, of events with no stored calendar, go (the summary starts from scratch anyway). */
const UNREAD_NOTE_MS = 60 * 60_000;

/**
 * Drops the notes of events whose calendar nobody has read since they were written (no summary
 * rows: the first read computes the whole event and needs none), so a busy event nobody views
 * does not keep one row per reservation. Only notes an hour old: a reader that stored rows after
 * reading older figures would need a reservation left uncommitted that long. The ids are uuidv7,
 * so their text orders by creation time.
 */
export async function dropUnreadCalendarChanges(db: Tx, nowMs = Date.now()) {
  const hex = Math.max(0, nowMs - UNREAD_NOTE_MS).toString(16).padStart(12, '0');
  await db
    .deleteFrom('calendar_change')
    .where('id', '<', `${hex.slice(0, 8)}-${hex.slice(8, 12)}`)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('event_day_summary').select('event_day_summary.date').whereRef('event_day_summary.event_template_id', '=', 'calendar_change.event_template_id'))),
    )
    .execute();
}
