import type { Kysely } from 'kysely';

/**
 * Payment-method fees charged (docs/payments.md "Payment-method fees"), in minor units: the part of
 * a payment's amount that was the method's fee (the rest went to the balance), and the fees a cart
 * and its order were charged in all. 0 before 0031.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('method_fee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('cart').addColumn('method_fee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ticket_order').addColumn('method_fee', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
