import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { startIntervalWorker } from '../interval-worker.js';
import { recordAudit, type Actor } from './audit.js';
import { linksWithClosedCarts, settleMoveLink } from './move-link.repository.js';

/** The audit log's actor of what no staff member did: the visitor's payment, the hold's expiry. */
const SYSTEM_ACTOR: Actor = { id: null, email: 'system' };

const OUTCOME = {
  booked: { state: 'paid', action: 'order.move_link_paid' },
  expired: { state: 'expired', action: 'order.move_link_expired' },
  // Closed before it was paid: a ticket scanned at the door, or the visitor discarding the change.
  deleted: { state: 'cancelled', action: 'order.move_link_dropped' },
} as const;

/**
 * The job that writes what became of payment links of moves (docs/box-office.md#paid-by-a-payment-link):
 * the change cart decides — paid (the pay call applied the move), expired (the sweeper released the
 * hold and booked the order's tickets again) or closed otherwise — and each link is settled once
 * (pending → …, a conditional update) with its audit entry in the same transaction. The money and
 * the places moved already, in the pay or the sweep; this only records it.
 */
export async function settleMoveLinks(deps: { db: Db; dialect: Dialect }, now: Date, batch = 100) {
  const links = await linksWithClosedCarts(deps.db, batch);
  const nowIso = now.toISOString();
  let settled = 0;
  for (const link of links) {
    const outcome = OUTCOME[link.cart_state as keyof typeof OUTCOME];
    settled += await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
      if (!(await settleMoveLink(tx, link.cart_id, outcome.state, nowIso))) return 0;
      const after = { change_cart_id: link.cart_id, state: outcome.state, made_by: link.staff_email };
      await recordAudit(tx, SYSTEM_ACTOR, { action: outcome.action, objectType: 'order', objectId: link.order_id, before: { state: 'pending' }, after }, now);
      return 1;
    });
  }
  return { settled };
}

export function startMoveLinkSettler(deps: { db: Db; dialect: Dialect }, now: () => Date, log: (error: unknown) => void, intervalMs = 30_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, onError: log, run: () => settleMoveLinks(deps, now()) });
}
