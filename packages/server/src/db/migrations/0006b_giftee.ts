import type { Kysely } from 'kysely';

/** Gift checkout (docs/memberships.md#7-gifts-of-membership POST my/cart/{id}/gift_checkout): whom the giver's cart is for. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('giftee_identity_id', 'text').execute();
}
