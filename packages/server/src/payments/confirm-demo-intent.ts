import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { confirmDemoPayment } from './payments.repository.js';

/**
 * The demo gateway's stand-in for the bank's confirmation page (3-D Secure): marks a payment that
 * required action as confirmed, so the retried pay succeeds. Only for the demo gateway.
 */
export async function confirmDemoIntent(db: Db, reference: string): Promise<void> {
  if (!(await confirmDemoPayment(db, reference))) throw new AppError(404, 'not_found', 'There is no payment waiting for confirmation.', 'payment');
}
