import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { StaffRefundTable } from '../db/schema.js';

export async function insertStaffRefund(db: Tx, row: Insertable<StaffRefundTable>) {
  await db.insertInto('staff_refund').values(row).execute();
}

export const staffRefundById = (db: Tx, id: string) => db.selectFrom('staff_refund').selectAll().where('id', '=', id).executeTakeFirst();

export const refundsInFlight = (db: Tx, orderId: string) => db.selectFrom('staff_refund').select('id').where('order_id', '=', orderId).where('status', '=', 'sending').execute();

/** Ends a refund in flight, once: false when it had ended already. */
export async function endStaffRefund(db: Tx, id: string, status: 'refunded' | 'failed', error: string | null, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('staff_refund').set({ status, error, finished_at: nowIso }).where('id', '=', id).where('status', '=', 'sending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The payment rows carrying a refund's money (their idempotency keys name it). */
export const rowsOfStaffRefund = (db: Tx, id: string) =>
  db.selectFrom('payment').select(['id', 'status', 'amount']).where('idempotency_key', 'like', `staff_refund:${id}:%`).execute();

/** Orders with box-office refunds still in flight (their provider's answer was lost), by order id. */
export function ordersWithRefundsInFlight(db: Tx, limit: number) {
  return db.selectFrom('staff_refund').select('order_id').distinct().where('status', '=', 'sending').orderBy('order_id').limit(limit).execute();
}
