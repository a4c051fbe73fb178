import type { Kysely } from 'kysely';

/**
 * Instalment consent at checkout (docs/payments.md "Later instalments"): `cart.instalment_autopay_at`
 * is when the buyer, paying the deposit of a payment plan, agreed that the card kept by that payment
 * pays the later instalments on their due dates (null: no consent). Booking copies it onto
 * `ticket_order.instalment_autopay_at`, which the due-date job reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('instalment_autopay_at', 'text').execute();
}
