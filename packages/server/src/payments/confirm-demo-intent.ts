import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';

/**
 * The demo gateway's stand-in for the bank's confirmation page (3-D Secure): marks a payment that
 * required action as confirmed, so the retried pay succeeds. Only for the demo gateway.
 */
export async function confirmDemoIntent(db: Db, reference: string): Promise<void> {
  const result = await db
    .updateTable('payment')
    .set({ status: 'confirmed' })
    .where('reference', '=', reference)
    .where('gateway_id', '=', 'demo')
    .where('status', '=', 'requires_action')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError(404, 'not_found', 'There is no payment waiting for confirmation.', 'payment');
}
