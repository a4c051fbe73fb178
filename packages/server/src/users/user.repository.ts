import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { UserAccountTable } from '../db/schema.js';
import { NO_EMAIL_PREFIX } from '@foyer/contracts';

export type UserRow = Selectable<UserAccountTable>;

export function userById(db: Tx, id: string) {
  return db.selectFrom('user_account').selectAll().where('id', '=', id).executeTakeFirst();
}

export function userByEmailKey(db: Tx, sellerId: string, key: string) {
  return db.selectFrom('user_account').selectAll().where('seller_id', '=', sellerId).where('email_key', '=', key).executeTakeFirst();
}

/** The account an address reaches: never one with a 'no-email+' placeholder (no one reads it). */
export async function userByDeliverableEmail(db: Tx, sellerId: string, key: string) {
  if (key.startsWith(NO_EMAIL_PREFIX)) return undefined;
  return userByEmailKey(db, sellerId, key);
}

export function userByScanCodeKey(db: Tx, sellerId: string, key: string) {
  return db.selectFrom('user_account').selectAll().where('seller_id', '=', sellerId).where('scan_code_key', '=', key).executeTakeFirst();
}

/** Inserts the user's identity (kind 'user') and the user. The identity has no cookie token. */
export async function insertUser(db: Tx, row: Insertable<UserAccountTable>) {
  // token_hash is required and unique; a user identity is never found by cookie: ':' never occurs in a sha256 base64url.
  await db.insertInto('identity').values({ id: row.identity_id, kind: 'user', token_hash: `user:${row.identity_id}`, created_at: row.created_at }).execute();
  await db.insertInto('user_account').values(row).execute();
}

export async function updateUser(db: Tx, id: string, changes: Updateable<UserAccountTable>) {
  await db.updateTable('user_account').set(changes).where('id', '=', id).execute();
}

/** The account of an identity (guest purchaser, giftee or member), if it has one. */
export function userByIdentity(db: Tx, identityId: string, sellerId?: string) {
  let q = db.selectFrom('user_account').selectAll().where('identity_id', '=', identityId);
  if (sellerId) q = q.where('seller_id', '=', sellerId);
  return q.executeTakeFirst();
}

/** The accounts of a seller among these identities. */
export function usersByIdentities(db: Tx, sellerId: string, identityIds: string[]) {
  return db.selectFrom('user_account').selectAll().where('seller_id', '=', sellerId).where('identity_id', 'in', identityIds).execute();
}
