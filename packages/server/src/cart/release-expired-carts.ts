import type { Db } from '../db/database.js';
import { startIntervalWorker } from '../interval-worker.js';
import { releaseHeldTickets } from './release-tickets.js';

/**
 * The sweeper: expires pending carts whose hold has run out and gives their capacity back, in
 * batches, one short transaction per cart. Safe to run in several processes at once.
 */
export async function releaseExpiredCarts(db: Db, now: Date, options: { batch?: number; sessionId?: string } = {}): Promise<{ carts: number; tickets: number }> {
  const nowIso = now.toISOString();
  let q = db.selectFrom('cart').select('cart.id').where('cart.state', '=', 'pending').where('cart.expires_at', '<=', nowIso);
  if (options.sessionId) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('ticket').select('ticket.id').whereRef('ticket.cart_id', '=', 'cart.id').where('ticket.event_session_id', '=', options.sessionId!).where('ticket.state', '=', 'held')),
    );
  }
  const due = await q.limit(options.batch ?? 200).execute();
  let tickets = 0;
  for (const { id } of due) {
    tickets += await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('cart')
        .set({ state: 'expired', updated_at: nowIso })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? releaseHeldTickets(tx, { cartId: id }) : 0;
    });
  }
  return { carts: due.length, tickets };
}

/** Runs the sweeper every `intervalMs` until stopped, draining all due carts each time; errors are logged. */
export function startSweeper(db: Db, now: () => Date, log: (error: unknown) => void, intervalMs = 5_000): () => Promise<void> {
  return startIntervalWorker({
    intervalMs,
    onError: log,
    run: async () => {
      while ((await releaseExpiredCarts(db, now())).carts > 0);
    },
  });
}
