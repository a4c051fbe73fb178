import type { Kysely } from 'kysely';

/**
 * Instalments charged on their due date (docs/payments.md "Later instalments"):
 * `ticket_order.instalment_autopay_at` is when the buyer agreed that their card, kept then, pays
 * the order's later instalments on their due dates (null: no consent). `scheduled_payment.autopay_at`
 * is the due-date charge's claim: each instalment is charged (or tried) once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_order').addColumn('instalment_autopay_at', 'text').execute();
  await db.schema.alterTable('scheduled_payment').addColumn('autopay_at', 'text').execute();
}
