import type { Db, Dialect } from '../db/database.js';
import { startIntervalWorker } from '../interval-worker.js';
import { finishSentRefunds } from './finish-staff-refund.js';
import { ordersWithRefundsInFlight } from './staff-refund.repository.js';

/**
 * The job that finishes box-office refunds whose answer was lost (docs/box-office.md, Refund): the
 * payment reconciler sends their rows again under the same idempotency keys; once every row of a
 * refund is back, this cancels its tickets and gives back what they took, once (finishRefunded is
 * conditional). Reading an order never does it.
 */
export async function reconcileStaffRefunds(deps: { db: Db; dialect: Dialect; publicUrl: string }, now: Date, batch = 100) {
  const orders = await ordersWithRefundsInFlight(deps.db, batch);
  for (const { order_id } of orders) await finishSentRefunds(deps, order_id, now);
  return { orders: orders.length };
}

export function startStaffRefundReconciler(deps: { db: Db; dialect: Dialect; publicUrl: string }, now: () => Date, log: (error: unknown) => void, intervalMs = 30_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, onError: log, run: () => reconcileStaffRefunds(deps, now()) });
}
