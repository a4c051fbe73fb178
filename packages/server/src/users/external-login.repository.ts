import type { Tx } from '../db/database.js';

/** Links between OpenID Connect subjects (issuer + `sub`) and users (migration 0007). */
export interface ExternalSubject {
  sellerId: string;
  issuer: string;
  subject: string;
}

/** The user a subject is linked to, if any. */
export async function userIdBySubject(db: Tx, s: ExternalSubject): Promise<string | null> {
  const row = await db
    .selectFrom('external_login')
    .select('user_id')
    .where('seller_id', '=', s.sellerId)
    .where('issuer', '=', s.issuer)
    .where('subject', '=', s.subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The subject the user has at this issuer, if linked. */
export async function subjectOfUser(db: Tx, userId: string, issuer: string): Promise<string | null> {
  const row = await db.selectFrom('external_login').select('subject').where('user_id', '=', userId).where('issuer', '=', issuer).executeTakeFirst();
  return row?.subject ?? null;
}

export async function insertExternalLogin(db: Tx, row: { id: string; user_id: string; created_at: string } & ExternalSubject) {
  await db
    .insertInto('external_login')
    .values({ id: row.id, seller_id: row.sellerId, issuer: row.issuer, subject: row.subject, user_id: row.user_id, created_at: row.created_at })
    .execute();
}
