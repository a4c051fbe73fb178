import { ADMIN_TEXT, ZAdminLoginBody, ZAdminSetPasswordBody, ZAdminTotpBody, type TAdminMeAnswer } from '@foyer/contracts';
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

/** Staff sign-in (docs/box-office.md): login, second factor, who am I, logout, set password. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = staffRoute(app, ctx);

  app.post('/api/admin/login', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminLoginBody, request.body, 'admin_login');
    const signIn = await signInStaff(ctx.db, { body, ip: request.ip, now: ctx.now(), idleMs: staffIdleMs(ctx) });
    setStaffCookie(request, reply, signIn.token, signIn.session.expires_at);
    return { staff: staffOut(signIn.staff), admin_session: signIn.session } satisfies TAdminMeAnswer;
  });

  app.post('/api/admin/login/totp', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminTotpBody, request.body, 'admin_totp');
    const viewer = await resolveStaffSession(ctx.db, request, reply, ctx.now(), staffIdleMs(ctx));
    if (!viewer) throw new AppError(401, 'not_authorized', ADMIN_TEXT.notSignedIn, 'admin_totp');
    const done = await verifyStaffTotp(ctx.db, viewer, { code: body.code, now: ctx.now(), idleMs: staffIdleMs(ctx) });
    setStaffCookie(request, reply, done.token, done.expiresAt);
    return { staff: staffOut(done.staff), admin_session: { stage: 'complete', expires_at: done.expiresAt, otpauth_uri: null, qr_code_svg: null } } satisfies TAdminMeAnswer;
  });

  route('GET', '/api/admin/me', 'door', async (_request, _reply, viewer) => {
    return { staff: staffOut(viewer.staff), admin_session: { stage: 'complete', expires_at: viewer.expiresAt, otpauth_uri: null, qr_code_svg: null } } satisfies TAdminMeAnswer;
  });

  // Any session, finished or waiting for its second factor, may end itself.
  app.post('/api/admin/logout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await resolveStaffSession(ctx.db, request, reply, ctx.now(), staffIdleMs(ctx));
    if (viewer) await deleteStaffSession(ctx.db, viewer.sessionId);
    forgetStaffSession(request);
    clearStaffCookie(request, reply);
    return { ok: true as const };
  });

  app.post('/api/admin/password', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = parseBody(ZAdminSetPasswordBody, request.body, 'admin_password');
    await setStaffPassword(ctx.db, { token: body.token, password: body.password, now: ctx.now() });
    return { ok: true as const };
  });
}
