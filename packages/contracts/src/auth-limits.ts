/** Account field limits and login settings (docs/accounts.md#field-rules): plain values, no schemas, so the web's first load stays small. */

export const EMAIL_MAX = 254;
/** The login form's username/e-mail field (docs/accounts.md#field-rules). */
export const LOGIN_EMAIL_MAX = 100;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;
export const LOGIN_ZIP_MAX = 5;
export const LOGIN_TEXT_MAX = 50;
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 3;
/** Client retry delay after `not_available_yet` (docs/accounts.md#field-rules). */
export const OTP_RETRY_AFTER_S = 5;
/** Placeholder e-mail of a user without a real address (docs/accounts.md#members). */
export const NO_EMAIL_PREFIX = 'no-email+';
/** The JS-readable cookie whose disappearance ends the session in the browser (docs/accounts.md#cookies). */
export const SESSION_EXPIRES_COOKIE = 'session_expires';

export const LOGIN_METHODS = ['password', 'scan_code', 'scan_code_password', 'scan_code_last_name', 'otp'] as const;
export type TLoginMethod = (typeof LOGIN_METHODS)[number];
/** Configuration entry (namespace 'auth', name 'methods') choosing the login methods; default below. */
export const AUTH_METHODS_CONFIG = { namespace: 'auth', name: 'methods' } as const;
export const DEFAULT_LOGIN_METHODS: readonly TLoginMethod[] = ['password', 'otp'];
