import type { Db } from '../../db/database.js';
import type { Gateways } from '../../payments/gateway.js';
import { refundPayment } from '../../payments/refund-payment.js';
import { CHANGE_REFUND } from './refund-difference.js';
import { pendingRefundsOfCart } from './self-edit.repository.js';

/** After a cheaper change commits: sends its refunds now (the reconciler retries any that fail). */
export async function refundPendingOfCart(deps: { db: Db; gateways: Gateways }, cartId: string): Promise<void> {
  const rows = await pendingRefundsOfCart(deps.db, cartId, CHANGE_REFUND);
  for (const r of rows) await refundPayment(deps, r.id).catch(() => undefined);
}
