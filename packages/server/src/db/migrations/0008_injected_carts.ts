import type { Kysely } from 'kysely';

/**
 * Staff-created ("injected") carts and payment plans (docs/payments.md#partial-payments-and-payment-links): the cart is marked injected and
 * carries the sha256 of its single-use payment-link key; a plan's instalments are rows of
 * scheduled_payment, linked to the order once the cart is booked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('injected', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('cart').addColumn('transfer_key_hash', 'text').execute();
  await db.schema
    .createTable('scheduled_payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('ticket_order_id', 'text')
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduled_payment_by_cart').on('scheduled_payment').columns(['cart_id', 'rank']).execute();
  await db.schema.createIndex('scheduled_payment_by_order').on('scheduled_payment').columns(['ticket_order_id']).execute();
}
