import { ADMIN_TEXT, ZAdminLoginBody, ZAdminSetPasswordBody, ZAdminTotpBody, type TAdminMeAnswer, ZAdminMeAnswer, ZAdminOkAnswer } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { parseBody } from '../http/parse-body.js';
import { staffIdleMs, staffRoute } from '../admin/require-staff.js';
import { signInStaff } from './sign-in-staff.js';
import { verifyStaffTotp } from './verify-staff-totp.js';
import { setStaffPassword } from './set-staff-password.js';
import { staffOut } from './staff-out.js';
import { deleteStaffSession } from './staff.repository.js';
import { clearStaffCookie, forgetStaffSession, resolveStaffSession, setStaffCookie } from './staff-sessions.js';
import { docs, type Operation } from '../http/route-docs.js';

/** The box office's calls open before signing in (tag admin). */
const open = (o: Operation) => docs({ ...o, tags: ['admin'] });
const LOGIN = open({
  summary: 'Staff sign-in with e-mail and password (cookie foyer_staff, path /api/admin, SameSite=Strict); box office and admin then need the TOTP code (stage totp, or totp_enrolment with the QR code to scan)',
  body: ZAdminLoginBody,
  ok: ZAdminMeAnswer,
  refusals: { '400': 'validation_failed', '401': 'not_authorized (unknown e-mail, wrong password or disabled: one answer)', '429': 'rate_limited (Retry-After)' },
});
const LOGIN_TOTP = open({
  summary: 'The second factor: a code of the authenticator app; replaces the pending session with a signed-in one',
  body: ZAdminTotpBody,
  ok: ZAdminMeAnswer,
  refusals: { '400': 'validation_failed', '401': 'not_authorized (no pending sign-in), totp_incorrect', '409': 'validation_failed (signed in already)', '429': 'rate_limited (Retry-After)' },
});
const ME: Operation = { summary: 'The signed-in staff member and the session’s expiry', ok: ZAdminMeAnswer };
const LOGOUT = open({ summary: 'Ends the staff session (signed in or waiting for its second factor)', ok: ZAdminOkAnswer });
const PASSWORD = open({
  summary: 'Sets a staff member’s password with the one-time link of `staff add`; ends their sessions',
  body: ZAdminSetPasswordBody,
  ok: ZAdminOkAnswer,
  refusals: { '400': 'validation_failed, not_authorized (the link is unknown, used or expired)' },
});

/** Staff sign-in (docs/box-office.md): login, second factor, who am I, logout, set password. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = staffRoute(app, ctx);

  app.post('/api/admin/login', { schema: LOGIN }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminLoginBody, request.body, 'admin_login');
    const signIn = await signInStaff(ctx.db, { body, ip: request.ip, now: ctx.now(), idleMs: staffIdleMs(ctx) });
    setStaffCookie(request, reply, signIn.token, signIn.session.expires_at);
    return { staff: staffOut(signIn.staff), admin_session: signIn.session } satisfies TAdminMeAnswer;
  });

  app.post('/api/admin/login/totp', { schema: LOGIN_TOTP }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminTotpBody, request.body, 'admin_totp');
    const viewer = await resolveStaffSession(ctx.db, request, reply, ctx.now(), staffIdleMs(ctx));
    if (!viewer) throw new AppError(401, 'not_authorized', ADMIN_TEXT.notSignedIn, 'admin_totp');
    const done = await verifyStaffTotp(ctx.db, viewer, { code: body.code, now: ctx.now(), idleMs: staffIdleMs(ctx) });
    setStaffCookie(request, reply, done.token, done.expiresAt);
    return { staff: staffOut(done.staff), admin_session: { stage: 'complete', expires_at: done.expiresAt, otpauth_uri: null, qr_code_svg: null } } satisfies TAdminMeAnswer;
  });

  route('GET', '/api/admin/me', 'door', ME, async (_request, _reply, viewer) => {
    return { staff: staffOut(viewer.staff), admin_session: { stage: 'complete', expires_at: viewer.expiresAt, otpauth_uri: null, qr_code_svg: null } } satisfies TAdminMeAnswer;
  });

  // Any session, finished or waiting for its second factor, may end itself.
  app.post('/api/admin/logout', { schema: LOGOUT }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await resolveStaffSession(ctx.db, request, reply, ctx.now(), staffIdleMs(ctx));
    if (viewer) await deleteStaffSession(ctx.db, viewer.sessionId);
    forgetStaffSession(request);
    clearStaffCookie(request, reply);
    return { ok: true as const };
  });

  app.post('/api/admin/password', { schema: PASSWORD }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminSetPasswordBody, request.body, 'admin_password');
    await setStaffPassword(ctx.db, { token: body.token, password: body.password, now: ctx.now() });
    return { ok: true as const };
  });
}
