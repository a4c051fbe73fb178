import type { Tx } from '../db/database.js';

/** A member's details as its cards and account hold them (Kysely only; docs/memberships.md "Locked member details"). */

/** One card the user holds with the seller (current or lapsed), if any. */
export function anyCardOfUser(tx: Tx, sellerId: string, userId: string) {
  return tx.selectFrom('membership').select('id').where('seller_id', '=', sellerId).where('user_id', '=', userId).executeTakeFirst();
}

/** The member id of an account (null: none given). */
export function scanCodeOfAccount(tx: Tx, userId: string) {
  return tx.selectFrom('user_account').select('scan_code').where('id', '=', userId).executeTakeFirst();
}

/** The names and e-mails written on the user's cards with the seller. */
export function namesOnCardsOfUser(tx: Tx, sellerId: string, userId: string) {
  return tx.selectFrom('membership').select(['first_name', 'last_name', 'email']).where('seller_id', '=', sellerId).where('user_id', '=', userId).execute();
}

/** The name and e-mail of an account; throws when there is none. */
export function namesOfAccount(tx: Tx, userId: string) {
  return tx.selectFrom('user_account').select(['first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}
