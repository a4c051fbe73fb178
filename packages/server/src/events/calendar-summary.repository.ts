import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventDaySummaryTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';

// The stored calendar summary's reads and writes; when a day is recomputed is calendar-summary.ts's (docs/events.md).

type Summary = Selectable<EventDaySummaryTable>;
/** A stored row as read back (the event and sequence number are not needed). */
export type SummaryRow = Omit<Summary, 'event_template_id' | 'seq'>;

// Prepared: on the common path these three reads are the whole of the summary's cost.
export const changesOf = prepared((db, eventId: string) => db.selectFrom('calendar_change').select(['id', 'start_datetime']).where('event_template_id', '=', eventId));
export const summaryOf = prepared((db, eventId: string) =>
  db
    .selectFrom('event_day_summary')
    .select(['date', 'timezone', 'stale_at', 'groups', 'open_groups', 'session_open', 'unlimited', 'capacity', 'used'])
    .where('event_template_id', '=', eventId)
    .orderBy('date'),
);
export const onSaleSession = prepared((db, eventId: string, now: string) =>
  db.selectFrom('event_session').select('id').where('event_template_id', '=', eventId).where('end_datetime', '>', now).limit(1),
);
export const expiredHoldStarts = prepared((db, now: string, eventId: string) =>
  db
    .selectFrom('cart as c')
    .innerJoin('ticket as t', 't.cart_id', 'c.id')
    .innerJoin('event_session as s', 's.id', 't.event_session_id')
    .select('s.start_datetime')
    .distinct()
    .where('c.state', '=', 'pending')
    .where('c.expires_at', '<=', now)
    .where('t.state', '=', 'held')
    .where('t.event_template_id', '=', eventId),
);

/** Deletes the changes a reader has seen (by id, in slices), leaving those noted since. */
export async function deleteChanges(db: Tx, eventId: string, ids: string[]) {
  for (let i = 0; i < ids.length; i += 500) {
    await db.deleteFrom('calendar_change').where('event_template_id', '=', eventId).where('id', 'in', ids.slice(i, i + 500)).execute();
  }
}

/**
 * Writes the recomputed rows unless a later reader already stored newer ones, and drops rows of
 * recomputed days (`days`; null: the whole event) that no longer have sessions on sale.
 */
export async function store(db: Tx, eventId: string, seq: number, rows: Summary[], days: string[] | null) {
  if (rows.length) {
    await db
      .insertInto('event_day_summary')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['event_template_id', 'date'])
          .doUpdateSet((eb) => ({
            timezone: eb.ref('excluded.timezone'),
            seq: eb.ref('excluded.seq'),
            stale_at: eb.ref('excluded.stale_at'),
            groups: eb.ref('excluded.groups'),
            open_groups: eb.ref('excluded.open_groups'),
            session_open: eb.ref('excluded.session_open'),
            unlimited: eb.ref('excluded.unlimited'),
            capacity: eb.ref('excluded.capacity'),
            used: eb.ref('excluded.used'),
          }))
          .where('event_day_summary.seq', '<', seq),
      )
      .execute();
  }
  const kept = rows.map((r) => r.date);
  let gone = db.deleteFrom('event_day_summary').where('event_template_id', '=', eventId).where('seq', '<', seq);
  if (days) gone = gone.where('date', 'in', days.filter((d) => !kept.includes(d)));
  else if (kept.length) gone = gone.where('date', 'not in', kept);
  if (!days || days.some((d) => !kept.includes(d))) await gone.execute();
}
