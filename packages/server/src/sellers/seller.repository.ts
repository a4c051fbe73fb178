import type { Tx } from '../db/database.js';

/** Seller rows (Kysely only). */

/** The seller with this id or catalog key. */
export function sellerByIdOrKey(db: Tx, ref: string) {
  return db
    .selectFrom('seller')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', ref), eb('catalog_key', '=', ref)]))
    .executeTakeFirst();
}

/** Up to `limit` sellers (enough to tell none, one and several apart). */
export function someSellers(db: Tx, limit: number) {
  return db.selectFrom('seller').selectAll().limit(limit).execute();
}
