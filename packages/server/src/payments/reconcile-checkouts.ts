import type { Db, Dialect } from '../db/database.js';
import { startIntervalWorker } from '../interval-worker.js';
import type { Gateways } from './gateway.js';
import { refundPayment } from './refund-payment.js';
import { reconcileInstalments } from './instalments/reconcile-instalments.js';
import { settlePayment } from './settle-payment.js';
import { openPaymentsOfCart, paymentsToRefund, updateOpenPayment } from './payments.repository.js';
import { releaseCheckout, stuckCheckoutCarts } from '../cart/public.js';
import { inWriteTransaction } from '../db/write-batch.js';

export interface ReconcileDeps {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
  gatewaysFor: (sellerId: string) => Gateways;
}

/** How long a pay call may hold a cart in 'checkout' before it counts as interrupted. */
export const STUCK_AFTER_MS = 2 * 60_000;

/**
 * Finishes or releases carts left in 'checkout' by a pay call that never finished (the process
 * died, or the gateway's answer was lost): asks the gateway what became of the open payment and
 * settles it like the pay call would have — the order is booked, or the cart is payable again.
 * A payment the provider never saw (or a gateway that cannot be asked) fails and releases the
 * cart. Also retries refunds that could not reach the provider. Safe in several processes: every
 * change is conditional.
 */
export async function reconcileCheckouts(deps: ReconcileDeps, now: Date, options: { batch?: number } = {}) {
  const before = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
  const stuck = await stuckCheckoutCarts(deps.db, before, options.batch ?? 100);
  let settled = 0;
  for (const cart of stuck) {
    const gateways = deps.gatewaysFor(cart.seller_id);
    const open = await openPaymentsOfCart(deps.db, cart.id);
    for (const payment of open) {
      const gateway = gateways[payment.gateway_id];
      if (gateway?.givesBackInterrupted && payment.reference) {
        await giveBack({ db: deps.db, dialect: deps.dialect, gateways }, payment.id, cart.id, now);
        settled += 1;
        continue;
      }
      let result = gateway?.lookup ? await gateway.lookup(payment).catch(() => ({ status: 'unknown' as const })) : null;
      // Never reached the provider (or cannot be asked): nothing was charged that we can know of.
      result ??= { status: 'failed', code: 'payment_failed', message: 'The payment was interrupted. Your card has not been charged.' };
      if (result.status === 'unknown' || result.status === 'processing') continue;
      await settlePayment({ db: deps.db, dialect: deps.dialect, now, publicUrl: deps.publicUrl, gateways }, payment.id, result);
      settled += 1;
    }
    if (!open.length) {
      // Claimed with no payment left open: nothing can finish it.
      await releaseCheckout(deps.db, cart.id, now.toISOString());
      settled += 1;
    }
  }
  await reconcileInstalments(deps, now, before, options.batch ?? 100);
  const refunds = await paymentsToRefund(deps.db, options.batch ?? 100);
  let refunded = 0;
  for (const p of refunds) if (await refundPayment({ db: deps.db, gateways: deps.gatewaysFor(p.seller_id) }, p.id).catch(() => false)) refunded += 1;
  return { carts: stuck.length, settled, refunded };
}

/**
 * A gift-card debit whose pay call died before the order: the cart is payable again and the
 * balance goes back to the card (refund_pending first, so a failed refund is retried).
 */
async function giveBack(deps: { db: Db; dialect: Dialect; gateways: Gateways }, paymentId: string, cartId: string, now: Date) {
  const marked = await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    if (!(await updateOpenPayment(tx, paymentId, { status: 'refund_pending', error_code: 'payment_failed' }))) return false;
    await releaseCheckout(tx, cartId, now.toISOString());
    return true;
  });
  if (marked) await refundPayment(deps, paymentId).catch(() => false); // retried below on a later round
}

/** Runs the reconciler every `intervalMs` until stopped; errors are logged, never thrown. */
export function startCheckoutReconciler(deps: ReconcileDeps, now: () => Date, log: (error: unknown) => void, intervalMs = 30_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, onError: log, run: () => reconcileCheckouts(deps, now()) });
}
