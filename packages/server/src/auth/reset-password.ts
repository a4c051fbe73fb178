import { AUTH_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { updateUser, userById, type UserRow } from '../users/public.js';
import { RESET_PURPOSE } from './issue-password-reset.js';
import { hashPassword } from './passwords.js';
import { recoveryTokenByHash, useAllRecoveryTokens, useRecoveryToken, type RecoveryTokenRow } from './recovery.repository.js';
import { deleteSessionsOfUser } from './session.repository.js';
import { tokenHash } from './tokens.js';

/** The token's user, or not_found (unknown) / validate_failed (used or expired) with docs/accounts.md#errors's text. */
async function liveToken(db: Db, token: string, now: Date): Promise<{ row: RecoveryTokenRow; user: UserRow }> {
  const row = await recoveryTokenByHash(db, tokenHash(token), RESET_PURPOSE);
  if (!row) throw new AppError(404, 'not_found', AUTH_TEXT.resetLinkInvalid, 'password_reset');
  const user = await userById(db, row.user_id);
  if (!user || row.used_at || row.expires_at <= now.toISOString()) throw new AppError(400, 'validate_failed', AUTH_TEXT.resetLinkInvalid, 'password_reset');
  return { row, user };
}

/** POST password_reset/validate: the address the link was sent to. */
export async function validateResetToken(db: Db, input: { token: string; ip: string; now: Date }): Promise<{ email: string }> {
  await enforceLimits(db, input.now, [[LIMITS.resetCheckIp, input.ip]]);
  const { user } = await liveToken(db, input.token, input.now);
  return { email: user.email };
}

/**
 * POST password_reset/reset: sets the password once per token. Every other reset token of the user
 * stops working and every session ends (whoever had the old password is logged out).
 */
export async function resetPassword(db: Db, input: { token: string; password: string; ip: string; now: Date }): Promise<{ email: string }> {
  await enforceLimits(db, input.now, [[LIMITS.resetCheckIp, input.ip]]);
  const { row, user } = await liveToken(db, input.token, input.now);
  const passwordHash = await hashPassword(input.password);
  const nowIso = input.now.toISOString();
  await db.transaction().execute(async (tx) => {
    if (!(await useRecoveryToken(tx, row.id, nowIso))) throw new AppError(400, 'validate_failed', AUTH_TEXT.resetLinkInvalid, 'password_reset');
    await useAllRecoveryTokens(tx, user.id, nowIso);
    await updateUser(tx, user.id, { password_hash: passwordHash, updated_at: nowIso });
    await deleteSessionsOfUser(tx, user.id);
  });
  return { email: user.email };
}
