import { dropUnreadCalendarChanges } from '../events/public.js';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { expireCart } from './cart.repository.js';
import { startIntervalWorker } from '../interval-worker.js';
import { releaseHeldTickets } from './release-tickets.js';
import { giveBackCodeUses } from '../promotions/public.js';
import { restoreOrderTickets } from '../orders/public.js';

/**
 * The sweeper: expires pending carts whose hold has run out and gives their capacity back, in
 * batches, one short transaction per cart. Safe to run in several processes at once. Answers
 * the sessions whose capacity came back (each transaction also reports them once committed,
 * cart/capacity-changes.ts).
 */
export async function releaseExpiredCarts(
  db: Db,
  dialect: Dialect,
  now: Date,
  options: { batch?: number; sessionId?: string } = {},
): Promise<{ carts: number; tickets: number; sessions: Set<string> }> {
  const nowIso = now.toISOString();
  let q = db.selectFrom('cart').select('cart.id').where('cart.state', '=', 'pending').where('cart.expires_at', '<=', nowIso);
  const { sessionId } = options;
  if (sessionId) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('ticket').select('ticket.id').whereRef('ticket.cart_id', '=', 'cart.id').where('ticket.event_session_id', '=', sessionId).where('ticket.state', '=', 'held')),
    );
  }
  const due = await q.limit(options.batch ?? 200).execute();
  let tickets = 0;
  const sessions = new Set<string>();
  for (const { id } of due) {
    tickets += await inWriteTransaction(
      db,
      dialect,
      async (tx) => {
        if (!(await expireCart(tx, id, nowIso))) return 0;
        await giveBackCodeUses(tx, id);
        await restoreOrderTickets(tx, id); // an expired change: the order keeps its tickets
        return releaseHeldTickets(tx, { cartId: id });
      },
      sessions,
    );
  }
  return { carts: due.length, tickets, sessions };
}

/** How often the sweeper also drops calendar notes nobody read (calendar-changes.repository.ts). */
const NOTE_SWEEP_MS = 10 * 60_000;

/**
 * Runs the sweeper every `intervalMs` until stopped, draining all due carts each time; errors are
 * logged. Each release reaches the caches and the live hub once committed, as a request's write
 * does (cart/capacity-changes.ts; docs/live-availability.md).
 */
export function startSweeper(
  db: Db,
  dialect: Dialect,
  now: () => Date,
  log: (error: unknown) => void,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  let notesSweptAt = 0;
  return startIntervalWorker({
    intervalMs: options.intervalMs ?? 5_000,
    onError: log,
    run: async () => {
      for (;;) {
        const pass = await releaseExpiredCarts(db, dialect, now());
        if (!pass.carts) break;
      }
      if (Date.now() - notesSweptAt < NOTE_SWEEP_MS) return;
      notesSweptAt = Date.now();
      await dropUnreadCalendarChanges(db);
    },
  });
}
