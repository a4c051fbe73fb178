import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Live availability across processes (docs/live-availability.md): on PostgreSQL, every write that
 * changes a session's used capacity, or a seat a ticket holds, NOTIFYs channel `foyer_live` with
 * the session's id — from a trigger, so inside the writer's own transaction: a rolled-back write
 * notifies nobody, and no writer (reserve, release, sweeper, staff) can forget it. PostgreSQL
 * sends one notice per distinct payload per transaction. SQLite (one process) needs none.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create function foyer_live_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('foyer_live', new.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger event_session_live after update of used_capacity on event_session
    for each row when (old.used_capacity is distinct from new.used_capacity)
    execute function foyer_live_session_changed()`.execute(db);
  await sql`
    create function foyer_live_seat_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.seat_id is not null and old.event_session_id is not null then
        perform pg_notify('foyer_live', old.event_session_id::text);
      end if;
      if tg_op <> 'DELETE' and new.seat_id is not null and new.event_session_id is not null then
        perform pg_notify('foyer_live', new.event_session_id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ticket_seat_live after insert or delete or update of seat_id, state, event_session_id on ticket
    for each row execute function foyer_live_seat_changed()`.execute(db);
}
