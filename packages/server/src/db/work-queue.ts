import type { ExpressionBuilder } from 'kysely';
import type { Tx } from './database.js';
import type { Database } from './schema.js';

/** The tables a polling worker takes its work from (status, attempts, next_attempt_at, claimed_at): the mail outbox and the wallet pass updates. */
type QueueTable = 'outbox' | 'wallet_push';

/** A queued row a worker may take: pending and due, or stuck in 'sending' since before `staleBefore` (its worker stopped). */
const takeable = (nowIso: string, staleBefore: string) => (eb: ExpressionBuilder<Database, QueueTable>) =>
  eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]);

/** The ids of the rows due, soonest first (one worker's batch). */
export async function dueQueueIds(db: Tx, table: QueueTable, nowIso: string, staleBefore: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom(table).select('id').where(takeable(nowIso, staleBefore)).orderBy('next_attempt_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Claims one due row with a conditional update, so one worker (of any process) wins it: whether this one did. */
export async function claimQueueRow(db: Tx, table: QueueTable, id: string, nowIso: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set((eb) => ({ status: 'sending', claimed_at: nowIso, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where(takeable(nowIso, staleBefore))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
