import type { Kysely } from 'kysely';

/**
 * Manage links (issue 13): each order e-mail carries a random key to its order; only the key's
 * sha256 is stored. A key (or the buyer's own identity) is the only way to read or change an order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_access_key')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('ticket_order_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_access_key_by_order').on('order_access_key').columns(['ticket_order_id']).execute();
}
