import type { Kysely } from 'kysely';

/** The purchaser's answers to the configurable "your information" form (docs/checkout.md#your-information), checked at guest checkout and kept with the cart its order comes from. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('purchaser_meta', 'text').execute();
}
