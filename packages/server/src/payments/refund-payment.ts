import type { Db } from '../db/database.js';
import type { PaymentGateway } from './gateway.js';

/**
 * Gives back a payment marked refund_pending (a late payment refused). Claimed first so two
 * workers never refund twice; a provider error puts it back for the reconciler's next round.
 */
export async function refundPayment(deps: { db: Db; gateways: Record<string, PaymentGateway> }, paymentId: string): Promise<boolean> {
  const claimed = await deps.db.updateTable('payment').set({ status: 'refunding' }).where('id', '=', paymentId).where('status', '=', 'refund_pending').executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const payment = await deps.db.selectFrom('payment').select(['id', 'gateway_id', 'reference', 'amount']).where('id', '=', paymentId).executeTakeFirstOrThrow();
  try {
    await deps.gateways[payment.gateway_id]?.refund(payment);
  } catch (error) {
    await deps.db.updateTable('payment').set({ status: 'refund_pending' }).where('id', '=', paymentId).where('status', '=', 'refunding').execute();
    throw error;
  }
  await deps.db.updateTable('payment').set({ status: 'refunded' }).where('id', '=', paymentId).where('status', '=', 'refunding').execute();
  return true;
}
