import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { WalletPushTable } from '../db/schema.js';
import { claimQueueRow, dueQueueIds } from '../db/work-queue.js';
import { uuidv7 } from '../ids.js';

export type WalletPushRow = Selectable<WalletPushTable>;

/** Queues an update of a pass: written in the change's transaction, delivered by the worker once it committed. */
export async function queueWalletPush(db: Tx, serial: string, orderId: string, nowIso: string) {
  await db
    .insertInto('wallet_push')
    .values({ id: uuidv7(), serial_number: serial, order_id: orderId, status: 'pending', attempts: 0, next_attempt_at: nowIso, claimed_at: null, last_error: null, created_at: nowIso })
    .execute();
}


/** Due updates: pending and due, or claimed by a worker that stopped before `staleBefore`. */
export const dueWalletPushIds = (db: Tx, nowIso: string, staleBefore: string, limit: number) => dueQueueIds(db, 'wallet_push', nowIso, staleBefore, limit);

/** Claims one update with a conditional update: one worker (of any process) wins it. */
export async function claimWalletPush(db: Tx, id: string, nowIso: string, staleBefore: string): Promise<WalletPushRow | null> {
  if (!(await claimQueueRow(db, 'wallet_push', id, nowIso, staleBefore))) return null;
  return (await db.selectFrom('wallet_push').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function markWalletPush(db: Tx, id: string, changes: Partial<Pick<WalletPushRow, 'status' | 'next_attempt_at' | 'last_error'>>) {
  await db.updateTable('wallet_push').set(changes).where('id', '=', id).execute();
}
