import type { Insertable, Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { StaffSessionTable, StaffTable } from '../db/schema.js';

export type StaffRow = Selectable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionTable>;

export async function insertStaff(db: Tx, row: Insertable<StaffTable>) {
  await db.insertInto('staff').values(row).execute();
}

export const staffByEmailKey = (db: Tx, emailKey: string) => db.selectFrom('staff').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
export const staffById = (db: Tx, id: string) => db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
export const staffBySetupTokenHash = (db: Tx, hash: string) => db.selectFrom('staff').selectAll().where('setup_token_hash', '=', hash).executeTakeFirst();
export const listStaffRows = (db: Tx) => db.selectFrom('staff').selectAll().orderBy('email_key').execute();

/** Disables an enabled staff member (0 rows: unknown or already disabled). */
export async function disableStaffRow(db: Tx, id: string, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('staff').set({ disabled_at: nowIso }).where('id', '=', id).where('disabled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the password through a setup token, once: the token is cleared by the same update. */
export async function usePasswordSetup(db: Tx, id: string, tokenHash: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, setup_token_hash: null, setup_expires_at: null })
    .where('id', '=', id)
    .where('setup_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSetupToken(db: Tx, id: string, tokenHash: string, expiresAt: string) {
  await db.updateTable('staff').set({ setup_token_hash: tokenHash, setup_expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Accepts a TOTP step once: only a step later than the last accepted one moves it (a replayed code loses). */
export async function takeTotpStep(db: Tx, id: string, step: number): Promise<boolean> {
  const result = await db.updateTable('staff').set({ totp_last_step: step }).where('id', '=', id).where('totp_last_step', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function enrolTotp(db: Tx, id: string, secret: string, nowIso: string) {
  await db.updateTable('staff').set({ totp_secret: secret, totp_enrolled_at: nowIso }).where('id', '=', id).where('totp_enrolled_at', 'is', null).execute();
}

export async function markLogin(db: Tx, id: string, nowIso: string) {
  await db.updateTable('staff').set({ last_login_at: nowIso }).where('id', '=', id).execute();
}

export async function insertStaffSession(db: Tx, row: StaffSessionRow) {
  await db.insertInto('staff_session').values(row).execute();
}

/** A session with its staff member, only while the member is enabled. */
/** Prepared (db/prepared.ts): every staff call, a door scan among them, reads its session. */
const sessionOfTokenHash = prepared((db, hash: string) =>
  db
    .selectFrom('staff_session')
    .innerJoin('staff', 'staff.id', 'staff_session.staff_id')
    .select([
      'staff_session.id as session_id',
      'staff_session.stage',
      'staff_session.pending_totp_secret',
      'staff_session.last_seen_at',
      'staff_session.expires_at',
      'staff_session.created_at as session_created_at',
    ])
    .selectAll('staff')
    .where('staff_session.token_hash', '=', hash)
    .where('staff.disabled_at', 'is', null),
);

export const staffSessionByTokenHash = async (db: Tx, hash: string) => (await sessionOfTokenHash(db, hash)).rows.at(0);

export async function touchStaffSession(db: Tx, id: string, lastSeenAt: string, expiresAt: string) {
  await db.updateTable('staff_session').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Ends a session; false when it had ended already (so a step that replaces it happens once). */
export async function deleteStaffSession(db: Tx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('staff_session').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteStaffSessionsOf(db: Tx, staffId: string) {
  await db.deleteFrom('staff_session').where('staff_id', '=', staffId).execute();
}

/** Whether any staff account exists. */
export function anyStaff(db: Tx) {
  return db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
}
