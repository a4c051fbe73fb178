import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventSessionTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import { noteCapacityChange } from './capacity-changes.js';
import { noteCalendarChange, noteCalendarChangeOfSession } from '../events/public.js';

/**
 * Capacity is taken with ONE conditional update per counter inside the reserving transaction
 * (docs/architecture.md#inventory-never-oversell): zero rows updated means there was not enough room, and nothing was taken.
 */

const takeSession = prepared((tx, sessionId: string, n: number) =>
  tx
    .updateTable('event_session')
    .set({ used_capacity: sql`used_capacity + ${n}` })
    .where('id', '=', sessionId)
    // A session closed for sale by staff takes nothing more (docs/box-office.md, Sessions).
    .where('sale_closed', '=', 0)
    .where((eb) => eb.or([eb('capacity', '=', -1), eb(sql`capacity + oversell_capacity - used_capacity`, '>=', n)]))
    .returningAll(),
);

/** The session as it now stands, or undefined when there was not room for `n` more. */
export async function takeSessionCapacity(tx: Tx, sessionId: string, n: number): Promise<Selectable<EventSessionTable> | undefined> {
  noteCapacityChange(tx, sessionId);
  const session = (await takeSession(tx, sessionId, n)).rows.at(0);
  if (session) await noteCalendarChange(tx, session.event_template_id, session.start_datetime);
  return session;
}

/** One upsert: the first hold creates the row; later ones add to it only while within the limit. */
const upsertGroupUsage = (tx: Tx, sessionId: string, groupId: string, n: number) =>
  tx.insertInto('session_group_usage').values({ event_session_id: sessionId, ticket_group_id: groupId, used_capacity: n });
const takeLimitedGroup = prepared((tx, sessionId: string, groupId: string, n: number, limit: number) =>
  upsertGroupUsage(tx, sessionId, groupId, n).onConflict((oc) =>
    oc
      .columns(['event_session_id', 'ticket_group_id'])
      .doUpdateSet({ used_capacity: sql`session_group_usage.used_capacity + ${n}` })
      .where(sql`session_group_usage.used_capacity + ${n}`, '<=', limit),
  ),
);
const takeUnlimitedGroup = prepared((tx, sessionId: string, groupId: string, n: number) =>
  upsertGroupUsage(tx, sessionId, groupId, n).onConflict((oc) =>
    oc.columns(['event_session_id', 'ticket_group_id']).doUpdateSet({ used_capacity: sql`session_group_usage.used_capacity + ${n}` }),
  ),
);

/** `sessionNoted`: the caller took or gave back this session's own capacity in the same transaction, which noted the change already. */
export async function takeGroupCapacity(tx: Tx, sessionId: string, groupId: string, limit: number, n: number, sessionNoted = false): Promise<boolean> {
  if (limit !== -1 && n > limit) return false;
  noteCapacityChange(tx, sessionId);
  const result = limit === -1 ? await takeUnlimitedGroup(tx, sessionId, groupId, n) : await takeLimitedGroup(tx, sessionId, groupId, n, limit);
  const taken = Number(result.numAffectedRows ?? 0) === 1;
  if (taken && !sessionNoted) await noteCalendarChangeOfSession(tx, sessionId);
  return taken;
}

export async function giveBackSessionCapacity(tx: Tx, sessionId: string, n: number) {
  noteCapacityChange(tx, sessionId);
  await tx.updateTable('event_session').set({ used_capacity: sql`used_capacity - ${n}` }).where('id', '=', sessionId).execute();
  await noteCalendarChangeOfSession(tx, sessionId);
}

export async function giveBackGroupCapacity(tx: Tx, sessionId: string, groupId: string, n: number, sessionNoted = false) {
  noteCapacityChange(tx, sessionId);
  await tx
    .updateTable('session_group_usage')
    .set({ used_capacity: sql`used_capacity - ${n}` })
    .where('event_session_id', '=', sessionId)
    .where('ticket_group_id', '=', groupId)
    .execute();
  if (!sessionNoted) await noteCalendarChangeOfSession(tx, sessionId);
}

export function sessionRoom(tx: Tx, sessionId: string) {
  return tx.selectFrom('event_session').select(['capacity', 'oversell_capacity', 'used_capacity', 'sale_closed']).where('id', '=', sessionId).executeTakeFirst();
}

export async function groupUsed(tx: Tx, sessionId: string, groupId: string): Promise<number> {
  const row = await tx
    .selectFrom('session_group_usage')
    .select('used_capacity')
    .where('event_session_id', '=', sessionId)
    .where('ticket_group_id', '=', groupId)
    .executeTakeFirst();
  return row?.used_capacity ?? 0;
}
