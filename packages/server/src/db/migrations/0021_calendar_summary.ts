import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Calendar summary (issue 16): `event_day_summary` keeps, per event and venue-local day, what the
 * calendar shows of that day's on-sale sessions (expired holds NOT freed; the reader frees them),
 * so GET calendar reads a few rows instead of grouping every session. `stale_at` is when time alone
 * changes the row (a session starts or an all-day one ends); `seq` orders the readers that store
 * rows, so one that read older data never overwrites a newer row. `calendar_change` is written by
 * every capacity take and give-back (a session's event and start) and by a catalog import ('*',
 * the whole event): plain inserts, so a reservation never waits on another's row; the reader
 * recomputes the days they name and deletes exactly the changes it has seen.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('event_day_summary')
    .addColumn('event_template_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('stale_at', 'text', (c) => c.notNull())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('open_groups', 'text', (c) => c.notNull())
    .addColumn('session_open', 'integer', (c) => c.notNull())
    .addColumn('unlimited', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_day_summary_pk', ['event_template_id', 'date'])
    .execute();
  // One b-tree on SQLite (keyed by event, then the note's uuidv7): the cheapest insert a reservation can add.
  await db.schema
    .createTable('calendar_change')
    .addColumn('event_template_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('start_datetime', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_change_pk', ['event_template_id', 'id'])
    .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  if (dialect === 'postgres') await sql`CREATE SEQUENCE calendar_summary_seq START 1`.execute(db);
  else await db.insertInto('counter').values({ name: 'calendar_summary', value: 0 }).execute();
}
