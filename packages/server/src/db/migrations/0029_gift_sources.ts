import type { Kysely } from 'kysely';

/**
 * Where a gift code came from when redeemed (docs/memberships.md): `input` (typed) or `query` (a
 * link's ?code=); and the giver a guest names at guest_checkout (`giver_identity_id`), kept on the
 * cart for the gifts its booking issues. Null before 0025.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('membership_gift').addColumn('redeem_source', 'text').execute();
  await db.schema.alterTable('cart').addColumn('giver_identity_id', 'text').execute();
}
