import type { Kysely } from 'kysely';

/** Who a cart is bought by (guest checkout) and whether the confirmation is e-mailed. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('purchaser_identity_id', 'text').execute();
  await db.schema.alterTable('cart').addColumn('send_email', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}
