import type { Kysely } from 'kysely';

/**
 * The visit a city-pass voucher was pre-reserved for (docs/promotions.md): the reserve's
 * `handler_data.visit_datetime`, recorded on the voucher's use. Null for other codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_promo_code').addColumn('visit_datetime', 'text').execute();
}
