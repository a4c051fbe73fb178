import { inWriteTransaction } from '../../db/write-batch.js';
import type { ReconcileDeps } from '../reconcile-checkouts.js';
import { refundPayment } from '../refund-payment.js';
import { OPEN_PAYMENT, settlePayment } from '../settle-payment.js';
import { updateOpenPayment } from '../payments.repository.js';
import { openInstalmentPayments, releaseInstalmentClaim, stuckInstalmentOrders } from './instalments.repository.js';

/**
 * The reconciler's part for later instalments: an order left claimed by a pay call that never
 * finished. Its open payment is asked of the gateway and settled as the pay call would have; a
 * gift-card debit cut off is given back; a claim with no payment left open is freed, so the order
 * is payable again. Every change is conditional (safe in several processes).
 */
export async function reconcileInstalments(deps: ReconcileDeps, now: Date, before: string, batch: number): Promise<number> {
  const stuck = await stuckInstalmentOrders(deps.db, before, batch);
  for (const order of stuck) {
    const gateways = deps.gatewaysFor(order.seller_id);
    const open = await openInstalmentPayments(deps.db, order.id, OPEN_PAYMENT);
    for (const payment of open) {
      const gateway = gateways[payment.gateway_id];
      if (gateway?.givesBackInterrupted && payment.reference) {
        const marked = await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
          if (!(await updateOpenPayment(tx, payment.id, { status: 'refund_pending', error_code: 'payment_failed' }))) return false;
          await releaseInstalmentClaim(tx, order.id);
          return true;
        });
        if (marked) await refundPayment({ db: deps.db, gateways }, payment.id).catch(() => false);
        continue;
      }
      let result = gateway?.lookup ? await gateway.lookup(payment).catch(() => ({ status: 'unknown' as const })) : null;
      result ??= { status: 'failed', code: 'payment_failed', message: 'The payment was interrupted. Your card has not been charged.' };
      if (result.status === 'unknown' || result.status === 'processing') continue;
      await settlePayment({ db: deps.db, dialect: deps.dialect, now, publicUrl: deps.publicUrl, gateways }, payment.id, result);
    }
    if (!open.length) await releaseInstalmentClaim(deps.db, order.id);
  }
  return stuck.length;
}
