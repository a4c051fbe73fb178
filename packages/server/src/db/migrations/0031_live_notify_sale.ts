import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * 0026's session trigger noticed only used capacity. Staff closing or reopening a session for
 * sale, or changing its capacity (docs/box-office.md, Sessions), changes what every process shows
 * too: the trigger now notices those columns as well. SQLite (one process) needs none.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`drop trigger event_session_live on event_session`.execute(db);
  await sql`
    create trigger event_session_live after update of used_capacity, capacity, oversell_capacity, sale_closed on event_session
    for each row when (
      old.used_capacity is distinct from new.used_capacity or old.capacity is distinct from new.capacity
      or old.oversell_capacity is distinct from new.oversell_capacity or old.sale_closed is distinct from new.sale_closed
    )
    execute function foyer_live_session_changed()`.execute(db);
}
