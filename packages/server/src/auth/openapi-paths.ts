import { answer, json, pathParam, post, refusal } from '../http/openapi-parts.js';
import {
  ZEmailOnly, ZLogin, ZLoginAnswer, ZMailbox, ZPatchMe, ZRecoveryRequested, ZRegister, ZRequestOtp, ZRequestOtpAnswer,
  ZResetPassword, ZResetToken, ZResetValidated, ZUpdateMe, ZUserDocument, ZExternalLoginStart, ZExternalLoginCallback, ZLoginProviders,
  ZExternalLoginUrl, ZIdentityDocument, ZLogoutAnswer, ZRegisterAnswer,
} from '@foyer/contracts';

/** OpenAPI paths of the account calls (docs/accounts.md), generated from the contracts. */
export function accountPaths() {
  return {
    '/login': post('Log in (password, scan_code, scan_code_password, scan_code_last_name, otp); sets foyer_session and session_expires', ZLogin, ZLoginAnswer, {
      '401': 'incorrect_password, guest_account, not_authorized, not_available_yet, otp_incorrect (_extra.remaining_attempts), otp_token_expired',
    }),
    '/login/request_otp': post('E-mail a 6-character passcode; the same answer for any address', ZRequestOtp, ZRequestOtpAnswer),
    '/logout': { post: { summary: 'End the session and clear its cookies', responses: { '200': answer(ZLogoutAnswer) } } },
    '/user': post('Register (with a password: logged in at once)', ZRegister, ZRegisterAnswer, { '409': 'email_in_use (_extra.identity_id)' }),
    '/my/user': {
      get: { summary: 'The logged-in user (_embed=identity,identity.meta)', responses: { '200': answer(ZUserDocument), '401': refusal('not_authorized') } },
      put: { summary: 'Change my details (names, e-mail, password; My profile: phone, address, address_more, city, country, state — null where the country has none — zip_code; 400 validation_failed _extra.fields by field)', requestBody: { required: true, content: json(ZUpdateMe) }, responses: { '200': answer(ZUserDocument), '400': refusal('validation_failed, incorrect_password'), '401': refusal('not_authorized'), '403': refusal('member_details_locked (prevent_membership_updates; _extra.fields)'), '409': refusal('email_in_use') } },
    },
    '/my/user/{id}': {
      patch: {
        summary: 'Member update (name, e-mail, contact details, meta); answers the identity',
        parameters: [pathParam('id')],
        requestBody: { required: true, content: json(ZPatchMe) },
        responses: { '200': answer(ZIdentityDocument), '401': refusal('not_authorized'), '403': refusal('scope_error, member_details_locked (prevent_membership_updates; _extra.fields)'), '409': refusal('email_in_use') },
      },
    },
    '/password_reset/request': post('E-mail a reset link; the same answer for any address', ZEmailOnly, ZRecoveryRequested),
    '/password_reset/validate': post('The address a reset link was sent to', ZResetToken, ZResetValidated, { '404': 'not_found', '400': 'validate_failed' }),
    '/password_reset/reset': post('Set a new password with a reset link (single use)', ZResetPassword, ZResetValidated, { '404': 'not_found', '400': 'validate_failed, validation_failed' }),
    '/forgot_membership': post('E-mail the member id; the same answer for any address', ZEmailOnly, ZRecoveryRequested),
    '/login/providers': { get: { summary: 'External identity providers (OpenID Connect) for the login button', responses: { '200': answer(ZLoginProviders) } } },
    '/auth0/start': post('Start an OpenID Connect login: the authorize URL; sets the foyer_oidc cookie (state, nonce, PKCE)', ZExternalLoginStart, ZExternalLoginUrl, {
      '404': 'not_configured',
      '503': 'provider_unavailable',
    }),
    '/auth0/callback': post('Finish an OpenID Connect login with the code and state sent to /auth0-callback; answers like POST login', ZExternalLoginCallback, ZLoginAnswer, {
      '400': 'invalid_state, validation_failed',
      '401': 'not_authorized',
      '404': 'not_configured',
      '503': 'provider_unavailable',
    }),
    '/dev/mailbox': { get: { summary: 'Development only: the outbox, newest first (?to=)', responses: { '200': answer(ZMailbox) } } },
  };
}
