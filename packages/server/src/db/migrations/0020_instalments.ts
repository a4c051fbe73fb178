import type { Kysely } from 'kysely';

/**
 * Later instalments (issue 13): a booked order on a payment plan is paid further from its manage
 * page. `ticket_order.instalment_claimed_at` is the pay call's claim (a conditional update, so two
 * concurrent pays charge once), cleared when the payment settles. `scheduled_payment.reminded_at`
 * is the reminder job's claim: each instalment's due-date reminder is sent once.
 * `order_access_key.expires_at`: manage keys end some days after the order's last session (null:
 * a key issued before this migration, valid for a year from its creation).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_order').addColumn('instalment_claimed_at', 'text').execute();
  await db.schema.alterTable('scheduled_payment').addColumn('reminded_at', 'text').execute();
  await db.schema.alterTable('order_access_key').addColumn('expires_at', 'text').execute();
}
