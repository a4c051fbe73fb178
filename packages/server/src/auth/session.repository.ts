import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { UserSessionTable } from '../db/schema.js';

export type SessionRow = Selectable<UserSessionTable>;

export async function insertSession(db: Tx, row: SessionRow) {
  await db.insertInto('user_session').values(row).execute();
}

export function sessionByTokenHash(db: Tx, hash: string) {
  return db
    .selectFrom('user_session')
    .innerJoin('user_account', 'user_account.id', 'user_session.user_id')
    .select(['user_session.id', 'user_session.user_id', 'user_session.identity_id', 'user_session.expires_at', 'user_session.max_expires_at', 'user_session.last_seen_at', 'user_account.seller_id'])
    .where('user_session.token_hash', '=', hash)
    .executeTakeFirst();
}

export async function extendSession(db: Tx, id: string, lastSeenAt: string, expiresAt: string) {
  await db.updateTable('user_session').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Tx, id: string) {
  await db.deleteFrom('user_session').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: Tx, userId: string) {
  await db.deleteFrom('user_session').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but one (after a password change). */
export async function deleteOtherSessions(db: Tx, userId: string, keepId: string) {
  await db.deleteFrom('user_session').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}

export async function deleteExpiredSessions(db: Tx, nowIso: string) {
  await db.deleteFrom('user_session').where('expires_at', '<=', nowIso).execute();
}
