import { ZEmailOnly, ZLogin, ZRequestOtp, ZResetPassword, ZResetToken, ZLoginAnswer, ZRequestOtpAnswer, ZLogoutAnswer, ZRecoveryRequested, ZResetValidated } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { parseQuery } from '../http/query.js';
import { ACCOUNT_QUERY } from './account-query.js';
import { readPublicIdentity } from '../identity/public-identity.js';
import { registerMailboxRoutes } from '../mail/mailbox.routes.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { registerUserRoutes } from '../users/user.routes.js';
import { registerExternalLoginRoutes } from './external-login.routes.js';
import { logIn } from './log-in.js';
import { loginAnswer } from './login-answer.js';
import { loginMethods } from './login-methods.js';
import { forgotMembership, requestPasswordReset } from './recover-account.js';
import { requestOtp } from './request-otp.js';
import { resetPassword, validateResetToken } from './reset-password.js';
import { deleteSession } from './session.repository.js';
import { clearSessionCookies, forgetSession, sessionOf } from './sessions.js';
import { atLeast } from './tokens.js';
import { externalLogoutUrl } from './external-logout-url.js';
import { oidcProvider } from './oidc-client.js';
import { docs, post } from '../http/route-docs.js';

const LOGIN = post('Log in (password, scan_code, scan_code_password, scan_code_last_name, otp); sets foyer_session and session_expires', ZLogin, ZLoginAnswer, {
  '401': 'incorrect_password, guest_account, not_authorized, not_available_yet, otp_incorrect (_extra.remaining_attempts), otp_token_expired',
});
const REQUEST_OTP = post('E-mail a 6-character passcode; the same answer for any address', ZRequestOtp, ZRequestOtpAnswer);
const LOGOUT = docs({ summary: 'End the session and clear its cookies', ok: ZLogoutAnswer });
const RESET_REQUEST = post('E-mail a reset link; the same answer for any address', ZEmailOnly, ZRecoveryRequested);
const RESET_VALIDATE = post('The address a reset link was sent to', ZResetToken, ZResetValidated, { '404': 'not_found', '400': 'validate_failed' });
const RESET = post('Set a new password with a reset link (single use)', ZResetPassword, ZResetValidated, { '404': 'not_found', '400': 'validate_failed, validation_failed' });
const FORGOT_MEMBERSHIP = post('E-mail the member id; the same answer for any address', ZEmailOnly, ZRecoveryRequested);

/**
 * Requests about an address (passcode, reset, member id) answer no sooner than this, whether or
 * not an account has it: the work differs (an e-mail or none), the answer time does not.
 */
export const RECOVERY_MIN_MS = 250;

/** Login, logout, passcodes, recovery, users and the development mailbox. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const oidc = ctx.settings.oidc ? oidcProvider(ctx.settings.oidc, ctx.settings.publicUrl) : null;

  const context = async (request: FastifyRequest) => {
    const query = parseQuery(request.query as Record<string, unknown>, ACCOUNT_QUERY);
    const seller = await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    return { query, seller, now: ctx.now(), ip: request.ip, publicUrl: ctx.settings.publicUrl };
  };

  app.post('/api/login', { schema: LOGIN }, async (request, reply) => {
    const body = parseBody(ZLogin, request.body, 'login');
    const c = await context(request);
    const guest = await readPublicIdentity(db, request);
    const result = await logIn(db, {
      sellerId: c.seller.id,
      body,
      methods: await loginMethods(db, c.seller.id),
      guestIdentityId: guest?.id ?? null,
      previousSessionId: sessionOf(request)?.id ?? null,
      ip: c.ip,
      now: c.now,
      publicUrl: c.publicUrl,
    });
    return loginAnswer(request, reply, result, c.query.embed, body.redirectPath ?? null, { db, now: c.now });
  });

  app.post('/api/login/request_otp', { schema: REQUEST_OTP }, async (request) => {
    const body = parseBody(ZRequestOtp, request.body, 'login');
    const c = await context(request);
    return atLeast(RECOVERY_MIN_MS, () => requestOtp(db, { sellerId: c.seller.id, email: body.email, ip: c.ip, now: c.now, publicUrl: c.publicUrl }));
  });

  app.post('/api/logout', { schema: LOGOUT }, async (request, reply) => {
    const session = sessionOf(request);
    // Asked before the session goes: whose session it was decides (a user linked to the identity provider).
    const endSessionUrl = await externalLogoutUrl(db, { provider: oidc, session, publicUrl: ctx.settings.publicUrl, log: request.log });
    if (session) await deleteSession(db, session.id);
    forgetSession(request);
    clearSessionCookies(request, reply);
    return endSessionUrl ? { logged_out: true, end_session_url: endSessionUrl } : { logged_out: true };
  });

  app.post('/api/password_reset/request', { schema: RESET_REQUEST }, async (request) => {
    const body = parseBody(ZEmailOnly, request.body, 'password_reset');
    const c = await context(request);
    await atLeast(RECOVERY_MIN_MS, () => requestPasswordReset(db, { sellerId: c.seller.id, email: body.email, ip: c.ip, now: c.now, publicUrl: c.publicUrl }));
    return { requested: true };
  });

  app.post('/api/password_reset/validate', { schema: RESET_VALIDATE }, async (request) => {
    const body = parseBody(ZResetToken, request.body, 'password_reset');
    return validateResetToken(db, { token: body.token, ip: request.ip, now: ctx.now() });
  });

  app.post('/api/password_reset/reset', { schema: RESET }, async (request) => {
    const body = parseBody(ZResetPassword, request.body, 'password_reset');
    return resetPassword(db, { token: body.token, password: body.password, ip: request.ip, now: ctx.now() });
  });

  app.post('/api/forgot_membership', { schema: FORGOT_MEMBERSHIP }, async (request) => {
    const body = parseBody(ZEmailOnly, request.body, 'forgot_membership');
    const c = await context(request);
    await atLeast(RECOVERY_MIN_MS, () => forgotMembership(db, { sellerId: c.seller.id, email: body.email, ip: c.ip, now: c.now, publicUrl: c.publicUrl }));
    return { requested: true };
  });

  registerUserRoutes(app, ctx);
  registerExternalLoginRoutes(app, ctx);
  if (ctx.settings.devRoutes) registerMailboxRoutes(app, ctx);
}
