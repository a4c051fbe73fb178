import type { Kysely } from 'kysely';

/**
 * Overdue instalments (docs/payments.md "Later instalments"): `scheduled_payment.overdue_at` is the
 * overdue job's claim, set once when an unpaid instalment's due date has passed, so the overdue
 * notice is sent once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_payment').addColumn('overdue_at', 'text').execute();
}
