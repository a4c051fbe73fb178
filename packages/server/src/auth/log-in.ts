import { AUTH_TEXT, type TLogin, type TLoginMethod } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { outboxStatus } from '../mail/public.js';
import { enforceLimits, hit, LIMITS } from '../rate-limit/rate-limit.js';
import { loginLimits } from '../rate-limit/login-limits.js';
import { emailKey, isPlaceholderEmail, scanCodeKey, zipKey } from '../users/normalize.js';
import { userByDeliverableEmail, userById, type UserRow } from '../users/public.js';
import { accountByMemberId } from '../membership/account-by-member-id.js';
import { issuePasswordReset } from './issue-password-reset.js';
import { beginSession, type BegunSession } from './begin-session.js';
import { verifyPassword } from './passwords.js';
import { attemptsLeft, otpByTokenHash, takeOtpAttempt, useOtp } from './recovery.repository.js';
import { otpHash, sameHash, tokenHash } from './tokens.js';
import { mustExist } from '../must-exist.js';

export interface LogInInput {
  sellerId: string;
  body: TLogin;
  /** Enabled methods (configuration auth.methods). */
  methods: TLoginMethod[];
  /** The guest identity of the browser, for keeping its cart. */
  guestIdentityId: string | null;
  /** The session being replaced, if someone was logged in. */
  previousSessionId: string | null;
  ip: string;
  now: Date;
  publicUrl: string;
}

export type LogInResult = BegunSession;

const REQUIRED: Record<TLoginMethod, (keyof TLogin)[]> = {
  password: ['username', 'password'],
  scan_code: ['scan_code', 'zip_code'],
  scan_code_password: ['scan_code', 'password'],
  scan_code_last_name: ['scan_code', 'last_name'],
  otp: ['token', 'otp'],
};

/** The method a body asks for: `method`, or the one its fields imply. */
export function methodOf(body: TLogin): TLoginMethod | null {
  if (body.method) return body.method;
  if (body.token || body.otp) return 'otp';
  if (body.scan_code && body.zip_code) return 'scan_code';
  if (body.scan_code && body.last_name) return 'scan_code_last_name';
  if (body.scan_code && body.password) return 'scan_code_password';
  if (body.username || body.password) return 'password';
  return null;
}

const unauthorized = (code: 'not_authorized' | 'incorrect_password' | 'guest_account' | 'otp_incorrect' | 'otp_token_expired' | 'not_available_yet', text: string, extra: unknown = null) =>
  new AppError(401, code, text, 'login', extra);

/**
 * POST login, every method of docs/accounts.md#seller-configuration. Refusals are 401s carrying a user-safe message; an unknown
 * account and a wrong secret answer alike (same code, text and — by hashing a dummy password — time).
 */
export async function logIn(db: Db, input: LogInInput): Promise<LogInResult> {
  const method = methodOf(input.body);
  if (!method) throw new AppError(400, 'validation_failed', 'Enter your login details.', 'login');
  if (!input.methods.includes(method)) throw unauthorized('not_authorized', AUTH_TEXT.methodUnavailable, { method });
  const missing = REQUIRED[method].filter((field) => !input.body[field]);
  if (missing.length) {
    throw new AppError(400, 'validation_failed', `${missing[0]}: Required`, 'login', missing.map((path) => ({ path, message: 'Required' })));
  }
  const user = method === 'otp' ? await checkOtp(db, input) : await checkSecret(db, method, input);

  return beginSession(db, { user, previousSessionId: input.previousSessionId, cartId: input.body.cart_id, guestIdentityId: input.guestIdentityId, now: input.now });
}

/** A secret check within the login limits (rate-limit/login-limits.ts): a refusal (401) counts as a failure. */
async function checkSecret(db: Db, method: Exclude<TLoginMethod, 'otp'>, input: LogInInput): Promise<UserRow> {
  const { body } = input;
  const accountKey = method === 'password' ? `email:${emailKey(mustExist(body.username, 'login field username'))}` : `scan:${scanCodeKey(mustExist(body.scan_code, 'login field scan_code'))}`;
  const limits = await loginLimits(db, { accountKey, ip: input.ip, now: input.now });
  try {
    const user = await verifySecret(db, method, input);
    await limits.succeeded();
    return user;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await limits.failed();
    throw error;
  }
}

async function verifySecret(db: Db, method: Exclude<TLoginMethod, 'otp'>, input: LogInInput): Promise<UserRow> {
  const { body } = input;
  if (method === 'password') {
    const user = await userByDeliverableEmail(db, input.sellerId, emailKey(mustExist(body.username, 'login field username')));
    const ok = await verifyPassword(user?.password_hash, mustExist(body.password, 'login field password'));
    if (user && ok) return user;
    if (user && !user.password_hash) await guestAccount(db, user, input);
    throw unauthorized('incorrect_password', AUTH_TEXT.incorrectPassword);
  }

  const user = await accountByMemberId(db, input.sellerId, scanCodeKey(mustExist(body.scan_code, 'login field scan_code')));
  if (method === 'scan_code_password') {
    const ok = await verifyPassword(user?.password_hash, mustExist(body.password, 'login field password'));
    if (user && ok) return user;
    if (user && !user.password_hash && !isPlaceholderEmail(user.email)) await guestAccount(db, user, input);
    throw unauthorized('not_authorized', AUTH_TEXT.memberNotFoundPassword);
  }
  if (method === 'scan_code') {
    // The login field holds at most 5 characters: 5 match the start of a longer code (ZIP+4).
    const typed = zipKey(mustExist(body.zip_code, 'login field zip_code'));
    const stored = user?.zip_code ? zipKey(user.zip_code) : null;
    if (user && stored && typed && (stored === typed || (typed.length >= 5 && stored.startsWith(typed)))) return user;
    throw unauthorized('not_authorized', AUTH_TEXT.memberNotFoundZip);
  }
  if (user && user.last_name.trim().toLowerCase() === mustExist(body.last_name, 'login field last_name').trim().toLowerCase()) return user;
  throw unauthorized('not_authorized', AUTH_TEXT.memberNotFoundLastName);
}

/** docs/accounts.md#errors guest_account: the account has no password yet; a reset e-mail lets the owner set one. */
async function guestAccount(db: Db, user: UserRow, input: LogInInput): Promise<never> {
  const allowed = await hit(db, LIMITS.recoveryAccount, `email:${user.email_key}`, input.now);
  if (allowed.allowed) await db.transaction().execute((tx) => issuePasswordReset(tx, { user, now: input.now, publicUrl: input.publicUrl }));
  throw unauthorized('guest_account', AUTH_TEXT.guestAccount);
}

async function checkOtp(db: Db, input: LogInInput): Promise<UserRow> {
  await enforceLimits(db, input.now, [[LIMITS.otpCheckIp, input.ip]]);
  const otp = await otpByTokenHash(db, tokenHash(mustExist(input.body.token, 'login field token')));
  if (!otp || otp.seller_id !== input.sellerId) throw unauthorized('not_authorized', AUTH_TEXT.otpNotAuthorized);
  await enforceLimits(db, input.now, [[LIMITS.otpCheckAccount, `email:${otp.email_key}`]]);
  const nowIso = input.now.toISOString();
  if (otp.used_at || otp.attempts_left <= 0) throw unauthorized('not_authorized', AUTH_TEXT.otpNotAuthorized);
  if (otp.expires_at <= nowIso) throw unauthorized('otp_token_expired', AUTH_TEXT.otpExpired);
  // Not sent yet: too early, or its e-mail still waits in the outbox. Both kinds of token wait alike.
  if (nowIso < otp.ready_at || (otp.outbox_id && (await outboxStatus(db, otp.outbox_id)) !== 'sent')) {
    throw unauthorized('not_available_yet', AUTH_TEXT.otpNotYet);
  }
  const userId = otp.user_id;
  const matches = userId !== null && sameHash(otpHash(mustExist(input.body.token, 'login field token'), mustExist(input.body.otp, 'login field otp')), otp.code_hash);
  if (!(await takeOtpAttempt(db, otp.id))) throw unauthorized('not_authorized', AUTH_TEXT.otpNotAuthorized);
  if (!matches) {
    const remaining = await attemptsLeft(db, otp.id);
    throw unauthorized('otp_incorrect', AUTH_TEXT.otpIncorrect, { remaining_attempts: remaining });
  }
  if (!(await useOtp(db, otp.id, nowIso))) throw unauthorized('not_authorized', AUTH_TEXT.otpNotAuthorized);
  const user = await userById(db, userId);
  if (!user) throw unauthorized('not_authorized', AUTH_TEXT.otpNotAuthorized);
  return user;
}
