import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { staffRoleAllows, type TStaffRole } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { uuidv7 } from '../ids.js';
import { secureCookies } from '../http/cookie-security.js';
import { randomToken, tokenHash } from '../auth/tokens.js';
import { deleteStaffSession, insertStaffSession, staffSessionByTokenHash, touchStaffSession, type StaffRow } from './staff.repository.js';

/**
 * The staff cookie (docs/box-office.md): its own name, httpOnly, SameSite=Strict, sent only to
 * /api/admin — never to the storefront's routes, which never read it; the storefront's cookie
 * opens no staff route either.
 */
export const STAFF_COOKIE = 'foyer_staff';
export const STAFF_COOKIE_PATH = '/api/admin';
/** A signed-in session ends after the idle setting without a request and at most this long after sign-in. */
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** A sign-in waiting for its second factor. */
export const STAFF_PENDING_MS = 10 * 60_000;
export const STAFF_TOUCH_MS = 30_000;
export const DEFAULT_STAFF_IDLE_MS = 30 * 60_000;

export type StaffStage = 'complete' | 'totp' | 'totp_enrolment';

export interface StaffViewer {
  sessionId: string;
  stage: StaffStage;
  pendingTotpSecret: string | null;
  expiresAt: string;
  staff: StaffRow;
}

const resolved = new WeakMap<FastifyRequest, StaffViewer | null>();

export async function startStaffSession(db: Tx, input: { staffId: string; stage: StaffStage; pendingTotpSecret?: string | null; now: Date; idleMs: number }) {
  const token = randomToken();
  const nowIso = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + (input.stage === 'complete' ? input.idleMs : STAFF_PENDING_MS)).toISOString();
  await insertStaffSession(db, {
    id: uuidv7(),
    token_hash: tokenHash(token),
    staff_id: input.staffId,
    stage: input.stage,
    pending_totp_secret: input.pendingTotpSecret ?? null,
    created_at: nowIso,
    last_seen_at: nowIso,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The request's staff session, read once: a live one is extended (complete sessions only, at most
 * once per STAFF_TOUCH_MS); an expired one, or one of a disabled member, is gone and its cookie cleared.
 */
export async function resolveStaffSession(db: Tx, request: FastifyRequest, reply: FastifyReply, now: Date, idleMs: number): Promise<StaffViewer | null> {
  const known = resolved.get(request);
  if (known !== undefined) return known;
  const token = request.cookies[STAFF_COOKIE];
  let viewer: StaffViewer | null = null;
  if (token && token.length <= 100) {
    const row = await staffSessionByTokenHash(db, tokenHash(token));
    const nowIso = now.toISOString();
    if (row && row.expires_at > nowIso) {
      let expiresAt = row.expires_at;
      if (row.stage === 'complete' && now.getTime() - Date.parse(row.last_seen_at) >= STAFF_TOUCH_MS) {
        const idle = now.getTime() + idleMs;
        const max = Date.parse(row.session_created_at) + STAFF_SESSION_MAX_MS;
        expiresAt = new Date(Math.min(idle, max)).toISOString();
        await touchStaffSession(db, row.session_id, nowIso, expiresAt);
        setStaffCookie(request, reply, token, expiresAt);
      }
      const { session_id, stage, pending_totp_secret, last_seen_at: _seen, expires_at: _expires, session_created_at: _created, ...staff } = row;
      viewer = { sessionId: session_id, stage: stage as StaffStage, pendingTotpSecret: pending_totp_secret, expiresAt, staff };
    } else {
      if (row) await deleteStaffSession(db, row.session_id);
      clearStaffCookie(request, reply);
    }
  }
  resolved.set(request, viewer);
  return viewer;
}

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) {
  reply.setCookie(STAFF_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: STAFF_COOKIE_PATH, secure: secureCookies(request), expires: new Date(expiresAt) });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(STAFF_COOKIE, { httpOnly: true, sameSite: 'strict', path: STAFF_COOKIE_PATH, secure: secureCookies(request) });
}

export function forgetStaffSession(request: FastifyRequest) {
  resolved.set(request, null);
}

/** Whether a role may do what `needed` may (docs/box-office.md, Roles). */
export const roleAllows = (role: string, needed: TStaffRole) => staffRoleAllows(role, needed);
