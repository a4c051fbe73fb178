import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';
import { claimQueueRow, dueQueueIds } from '../db/work-queue.js';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutbox(db: Tx, row: OutboxRow): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/** Due messages: pending and due, or stuck in 'sending' since before `staleBefore` (a crashed worker). */
export const dueOutboxIds = (db: Tx, nowIso: string, staleBefore: string, limit: number) => dueQueueIds(db, 'outbox', nowIso, staleBefore, limit);

/** Claims one message with a conditional update: only one worker (of any process) wins it. */
export async function claimOutbox(db: Tx, id: string, nowIso: string, staleBefore: string): Promise<OutboxRow | null> {
  if (!(await claimQueueRow(db, 'outbox', id, nowIso, staleBefore))) return null;
  return (await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function markOutbox(db: Tx, id: string, changes: Partial<Pick<OutboxRow, 'status' | 'sent_at' | 'next_attempt_at' | 'last_error' | 'claimed_at'>>) {
  await db.updateTable('outbox').set(changes).where('id', '=', id).execute();
}

export async function outboxStatus(db: Tx, id: string): Promise<string | null> {
  const row = await db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/** The development mailbox: newest first, optionally for one address. */
export async function listOutbox(db: Tx, input: { to: string | null; limit: number }) {
  let q = db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit);
  if (input.to) q = q.where('to_address', '=', input.to.trim().toLowerCase());
  return q.execute();
}
