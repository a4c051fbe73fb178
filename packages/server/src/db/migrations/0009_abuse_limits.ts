import type { Kysely } from 'kysely';

/**
 * Issue 17. `cart.client_ip`: the address a cart was created from, so live holds can be limited
 * per address across processes (counted in the database). `payment.request_fingerprint`: the
 * sha256 of the pay request an Idempotency-Key was first used with, so the key's reuse with a
 * different request is refused rather than replayed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('client_ip', 'text').execute();
  await db.schema.createIndex('cart_by_client_ip').on('cart').columns(['client_ip', 'created_at']).execute();
  await db.schema.alterTable('payment').addColumn('request_fingerprint', 'text').execute();
}
