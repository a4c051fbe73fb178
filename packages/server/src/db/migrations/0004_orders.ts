import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Orders and payments; scan codes on tickets; the order-number sequence. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ticket_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull().unique().references('cart.id'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_order_by_identity').on('ticket_order').columns(['identity_id']).execute();
  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
    .addColumn('ticket_order_id', 'text')
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('reference', 'text')
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_by_cart').on('payment').columns(['cart_id']).execute();
  await db.schema.alterTable('ticket').addColumn('scan_code', 'text').execute();
  await db.schema.alterTable('cart').addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('ticket_scan_code').on('ticket').column('scan_code').unique().execute();
  await db.schema
    .createTable('ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('ledger_type', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_number', ['seller_id', 'ledger_type', 'number'])
    .execute();
  if (dialect === 'postgres') await sql`CREATE SEQUENCE order_number_seq START 500001`.execute(db);
  else await db.insertInto('counter').values({ name: 'order_number', value: 500000 }).execute();
}
