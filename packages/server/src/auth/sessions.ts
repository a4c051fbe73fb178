import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { uuidv7 } from '../ids.js';
import { AUTH_TEXT, SESSION_EXPIRES_COOKIE } from '@foyer/contracts';
import { AppError } from '../http/app-error.js';
import type { Tx } from '../db/database.js';
import { randomToken, tokenHash } from './tokens.js';
import { deleteSession, extendSession, insertSession, sessionByTokenHash } from './session.repository.js';
import { secureCookies } from '../http/cookie-security.js';

/** The httpOnly cookie holding the session token (docs/accounts.md#cookies). */
export const SESSION_COOKIE = 'foyer_session';
/**
 * Sliding sessions: a session ends after SESSION_IDLE_MS without a request, and never later than
 * SESSION_MAX_MS after login. Activity extends it at most once per SESSION_TOUCH_MS (one write).
 */
export const SESSION_IDLE_MS = 2 * 3600_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
export const SESSION_TOUCH_MS = 60_000;

export interface ActiveSession {
  id: string;
  userId: string;
  identityId: string;
  sellerId: string;
  expiresAt: string;
}

const sessions = new WeakMap<FastifyRequest, ActiveSession>();

/** The request's login session, as resolved by the session hook (null: not logged in). */
export function sessionOf(request: FastifyRequest): ActiveSession | null {
  return sessions.get(request) ?? null;
}

/**
 * The "my" calls' check: the request's login session, of this seller (a session is one seller's,
 * docs/accounts.md#cookies), else 401 not_authorized with `context` as the error's context.
 */
export function loggedInTo(request: FastifyRequest, sellerId: string, context: string): ActiveSession {
  const session = sessionOf(request);
  if (!session || session.sellerId !== sellerId) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, context);
  return session;
}

/** Creates a session for the user; the caller sets the cookies. */
export async function startSession(db: Tx, input: { userId: string; identityId: string; now: Date }) {
  const token = randomToken();
  const now = input.now.getTime();
  const expiresAt = new Date(now + SESSION_IDLE_MS).toISOString();
  await insertSession(db, {
    id: uuidv7(),
    token_hash: tokenHash(token),
    user_id: input.userId,
    identity_id: input.identityId,
    created_at: input.now.toISOString(),
    last_seen_at: input.now.toISOString(),
    expires_at: expiresAt,
    max_expires_at: new Date(now + SESSION_MAX_MS).toISOString(),
  });
  return { token, expiresAt };
}

/**
 * Reads the session cookie: a live session is remembered for the request (and extended when due);
 * an unknown or expired one is deleted and its cookies cleared.
 */
export async function resolveSession(db: Tx, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<ActiveSession | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) {
    if (request.cookies[SESSION_EXPIRES_COOKIE]) clearSessionCookies(request, reply);
    return null;
  }
  const row = token.length <= 100 ? await sessionByTokenHash(db, tokenHash(token)) : undefined;
  const nowIso = now.toISOString();
  if (!row || row.expires_at <= nowIso) {
    if (row) await deleteSession(db, row.id);
    clearSessionCookies(request, reply);
    return null;
  }
  let expiresAt = row.expires_at;
  if (now.getTime() - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) {
    const idle = new Date(now.getTime() + SESSION_IDLE_MS).toISOString();
    expiresAt = idle < row.max_expires_at ? idle : row.max_expires_at;
    await extendSession(db, row.id, nowIso, expiresAt);
    setSessionCookies(request, reply, token, expiresAt);
  }
  const session = { id: row.id, userId: row.user_id, identityId: row.identity_id, sellerId: row.seller_id, expiresAt };
  sessions.set(request, session);
  return session;
}

/** The httpOnly session cookie and the JS-readable `session_expires` (its value: the expiry, ISO-8601). */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) {
  const expires = new Date(expiresAt);
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies(request), expires });
  reply.setCookie(SESSION_EXPIRES_COOKIE, expiresAt, { httpOnly: false, sameSite: 'lax', path: '/', secure: secureCookies(request), expires });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(request) });
  reply.clearCookie(SESSION_EXPIRES_COOKIE, { path: '/', sameSite: 'lax', secure: secureCookies(request) });
}

export function forgetSession(request: FastifyRequest) {
  sessions.delete(request);
}
