import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { LoginOtpTable, RecoveryTokenTable } from '../db/schema.js';

export type OtpRow = Selectable<LoginOtpTable>;
export type RecoveryTokenRow = Selectable<RecoveryTokenTable>;

export async function insertOtp(db: Tx, row: OtpRow) {
  await db.insertInto('login_otp').values(row).execute();
}

export function otpByTokenHash(db: Tx, hash: string) {
  return db.selectFrom('login_otp').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Takes one attempt; false when none was left (a concurrent check took the last). */
export async function takeOtpAttempt(db: Tx, id: string): Promise<boolean> {
  const r = await db.updateTable('login_otp').set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) })).where('id', '=', id).where('attempts_left', '>', 0).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function attemptsLeft(db: Tx, id: string): Promise<number> {
  const row = await db.selectFrom('login_otp').select('attempts_left').where('id', '=', id).executeTakeFirstOrThrow();
  return row.attempts_left;
}

/** Uses the passcode once: false when it was already used. */
export async function useOtp(db: Tx, id: string, nowIso: string): Promise<boolean> {
  const r = await db.updateTable('login_otp').set({ used_at: nowIso }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertRecoveryToken(db: Tx, row: RecoveryTokenRow) {
  await db.insertInto('recovery_token').values(row).execute();
}

export function recoveryTokenByHash(db: Tx, hash: string, purpose: string) {
  return db.selectFrom('recovery_token').selectAll().where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Uses a token once (conditional update): false when it was already used. */
export async function useRecoveryToken(db: Tx, id: string, nowIso: string): Promise<boolean> {
  const r = await db.updateTable('recovery_token').set({ used_at: nowIso }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** After a reset, the user's other outstanding tokens stop working. */
export async function useAllRecoveryTokens(db: Tx, userId: string, nowIso: string) {
  await db.updateTable('recovery_token').set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function deleteExpiredRecovery(db: Tx, beforeIso: string) {
  await db.deleteFrom('login_otp').where('expires_at', '<', beforeIso).execute();
  await db.deleteFrom('recovery_token').where('expires_at', '<', beforeIso).execute();
}
