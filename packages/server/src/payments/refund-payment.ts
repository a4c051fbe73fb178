import type { Db } from '../db/database.js';
import type { Gateways } from './gateway.js';
import { movePaymentStatus, paymentById } from './payments.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * Gives back a payment marked refund_pending (a late payment refused). Claimed first so two
 * workers never refund twice; a provider error puts it back for the reconciler's next round.
 */
export async function refundPayment(deps: { db: Db; gateways: Gateways }, paymentId: string): Promise<boolean> {
  if (!(await movePaymentStatus(deps.db, paymentId, 'refund_pending', 'refunding'))) return false;
  const payment = mustExist(await paymentById(deps.db, paymentId), `payment ${paymentId}`);
  try {
    await deps.gateways[payment.gateway_id]?.refund(payment);
  } catch (error) {
    await movePaymentStatus(deps.db, paymentId, 'refunding', 'refund_pending');
    throw error;
  }
  await movePaymentStatus(deps.db, paymentId, 'refunding', 'refunded');
  return true;
}
