import { z } from 'zod';
import { ZJson } from './wire-primitives.js';
import { ZMetaEntry, ZResourceList } from './resources.js';
import { ZMembership } from './memberships.js';
import { CUSTOM_FIELD_MAX } from './rules/identity-form.js';
import { passwordProblems } from './rules/password.js';

/** Accounts, login, sessions and recovery: wire shapes (docs/accounts.md). */

export * from './auth-limits.js';
import { EMAIL_MAX, LOGIN_EMAIL_MAX, NAME_MAX, PASSWORD_MAX, LOGIN_ZIP_MAX, LOGIN_TEXT_MAX, OTP_LENGTH, LOGIN_METHODS } from './auth-limits.js';

/** Texts the server answers with (spec wording where the spec gives it). */
export const AUTH_TEXT = {
  incorrectPassword: 'That is not the correct password. Please try again.',
  guestAccount:
    'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
  memberNotFoundZip: 'Member details not found. Please check your member ID and ZIP code.',
  memberNotFoundLastName: 'Member details not found. Please check your member ID and last name.',
  memberNotFoundPassword: 'Member details not found. Please check your member ID and password.',
  otpIncorrect: 'The passcode you entered is invalid.',
  otpExpired: 'This passcode has expired. Please request a new login link.',
  otpNotAuthorized: 'This passcode can no longer be used. Please request a new login link.',
  otpNotYet: 'Your passcode is on its way. Please try again in a few seconds.',
  methodUnavailable: 'This way of logging in is not available.',
  notLoggedIn: 'Please log in to continue.',
  resetLinkInvalid: 'This reset link is not valid. It may have expired.',
  invalidPassword: 'Invalid password',
  emailInUse: 'Another account already uses this email address.',
  accountExists: 'An account with this email address already exists. Please log in.',
  emailNotValid: 'Email address is not valid.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export const ZPassword = z.string().superRefine((value, ctx) => {
  const problems = passwordProblems(value);
  if (problems.length) ctx.addIssue({ code: 'custom', message: `${AUTH_TEXT.invalidPassword}: ${problems.join('; ')}` });
});

const Email = z.string().trim().min(1).max(EMAIL_MAX).check(z.email(AUTH_TEXT.emailNotValid));
const Name = z.string().trim().min(1).max(NAME_MAX);

/** Limits of a user's `meta` (docs/checkout.md#your-information: free keys such as country), so one account cannot grow without bound. */
export const META_LIMITS = { keys: 50, keyLength: 100, valueLength: 1000, totalBytes: 16 * 1024 } as const;

/** A value as JSON text; undefined for a value JSON has no text for (undefined, a function), which lib.d.ts types as string. */
const jsonText = (value: unknown): string | undefined => JSON.stringify(value);

/** What is wrong with a meta object (empty when within the limits); values are measured as JSON. */
export function metaProblems(meta: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const keys = Object.keys(meta);
  if (keys.length > META_LIMITS.keys) problems.push(`At most ${META_LIMITS.keys} meta keys are allowed.`);
  const longKey = keys.find((k) => k.length > META_LIMITS.keyLength);
  if (longKey !== undefined) problems.push(`Meta keys may be at most ${META_LIMITS.keyLength} characters.`);
  const longValue = keys.find((k) => (jsonText(meta[k]) ?? '').length > META_LIMITS.valueLength);
  if (longValue !== undefined) problems.push(`The meta value of ${longValue.slice(0, META_LIMITS.keyLength)} may be at most ${META_LIMITS.valueLength} characters.`);
  if (new TextEncoder().encode(JSON.stringify(meta)).length > META_LIMITS.totalBytes) problems.push(`Meta may be at most ${META_LIMITS.totalBytes / 1024} KB in all.`);
  return problems;
}

const Meta = ZJson.superRefine((value, ctx) => {
  for (const message of metaProblems(value)) ctx.addIssue({ code: 'custom', message });
});

/** POST user (register) and PUT my/user. Without a password, POST user makes a guest account. */
export const ZRegister = z
  .object({
    first_name: Name,
    last_name: Name,
    email: Email,
    password: ZPassword.optional(),
    additional_info: ZJson.optional(),
    meta: Meta.optional(),
  })
  .strict();
export type TRegister = z.infer<typeof ZRegister>;

/** Only shape and an outer bound (twice the longest field) here: the field rules (lengths, ZIP, phone, the country's states) answer per field. */
const ProfileText = z.string().max(2 * CUSTOM_FIELD_MAX).nullable().optional();
const ProfileDetailsBody = { phone: ProfileText, address: ProfileText, address_more: ProfileText, city: ProfileText, country: ProfileText, state: ProfileText, zip_code: ProfileText };

/** docs/accounts.md#members Identity: the contact details an account keeps (null when not given). */
const ZProfileDetails = z.object({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address_more: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
});

export const ZUpdateMe = z
  .object({
    first_name: Name.optional(),
    last_name: Name.optional(),
    email: Email.optional(),
    password: ZPassword.optional(),
    /** Required to change an existing password. */
    current_password: z.string().max(PASSWORD_MAX).optional(),
    additional_info: ZJson.optional(),
    meta: Meta.optional(),
    /** docs/accounts.md#my-account My profile: the contact details, checked with the checkout's rules (rules/profile-form.ts); "" or null clears one. */
    ...ProfileDetailsBody,
  })
  .strict();
export type TUpdateMe = z.infer<typeof ZUpdateMe>;

/** PATCH my/user/{id}: the member update call (name, e-mail, meta). */
export const ZPatchMe = ZUpdateMe.omit({ password: true, current_password: true });
export type TPatchMe = z.infer<typeof ZPatchMe>;

const LoginText = z.string().trim().min(1).max(LOGIN_TEXT_MAX);

/** POST login: one body for every method (docs/accounts.md#members login payload); `method` optional (inferred). */
export const ZLogin = z
  .object({
    method: z.enum(LOGIN_METHODS).optional(),
    username: z.string().trim().min(1).max(LOGIN_EMAIL_MAX).optional(),
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
    scan_code: LoginText.optional(),
    zip_code: z.string().trim().min(1).max(LOGIN_ZIP_MAX).optional(),
    last_name: LoginText.optional(),
    token: z.string().trim().min(1).max(200).optional(),
    otp: z.string().trim().length(OTP_LENGTH, 'Enter your 6-character code').optional(),
    cart_id: z.string().min(1).max(64).optional(),
    redirectPath: z.string().max(2000).optional(),
  })
  .strict();
export type TLogin = z.infer<typeof ZLogin>;

export const ZRequestOtp = z
  .object({ email: z.string().trim().min(1).max(LOGIN_EMAIL_MAX).check(z.email(AUTH_TEXT.emailNotValid)), provider: z.string().max(50).optional() })
  .strict();
export const ZRequestOtpAnswer = z.object({ token: z.string() });
export type TRequestOtpAnswer = z.infer<typeof ZRequestOtpAnswer>;

export const ZEmailOnly = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX).check(z.email(AUTH_TEXT.emailNotValid)) }).strict();
export const ZResetToken = z.object({ token: z.string().trim().min(1).max(200) }).strict();
export const ZResetPassword = z.object({ token: z.string().trim().min(1).max(200), password: ZPassword }).strict();
export const ZResetValidated = z.object({ email: z.string() });
export type TResetValidated = z.infer<typeof ZResetValidated>;
/** Same answer for known and unknown addresses. */
export const ZRecoveryRequested = z.object({ requested: z.literal(true) });
export type TRecoveryRequested = z.infer<typeof ZRecoveryRequested>;

export const ZIdentity = z.object({
  id: z.string(),
  kind: z.enum(['public', 'user']),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  zip_code: z.string().nullable(),
  ...ZProfileDetails.shape,
});
export type TIdentity = z.infer<typeof ZIdentity>;

export const ZUser = z.object({
  id: z.string(),
  identity_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  scan_code: z.string().nullable(),
  zip_code: z.string().nullable(),
  ...ZProfileDetails.shape,
  additional_info: ZJson,
  /** False for a guest account (no password yet). */
  has_password: z.boolean(),
  /** True when the e-mail is a 'no-email+' placeholder. */
  needs_email: z.boolean(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

// The user's memberships: ZMembership (memberships.ts), the same list as GET my/membership.

/**
 * GET my/user, PUT my/user and every login: `user`, the user's `membership` (docs/accounts.md#web-screens: login stores
 * membership and identity; a reload reads the same) and embedded `identity` and `meta`.
 */
export const ZUserDocument = z.object({
  user: ZResourceList(ZUser),
  membership: ZResourceList(ZMembership),
  identity: ZResourceList(ZIdentity).optional(),
  meta: ZResourceList(ZMetaEntry).optional(),
  _total: z.number().int(),
});
export type TUserDocument = z.infer<typeof ZUserDocument>;

export const ZSessionInfo = z.object({ expires_at: z.string() });

/** POST user: the user document and, with a password, the session just begun. */
export const ZRegisterAnswer = ZUserDocument.extend({ session: ZSessionInfo.nullable() });
export type TRegisterAnswer = z.infer<typeof ZRegisterAnswer>;

/** POST login answer: the user document plus the session expiry and the kept cart (if any). */
export const ZLoginAnswer = ZUserDocument.extend({
  session: ZSessionInfo,
  cart_id: z.string().nullable(),
  redirectPath: z.string().nullable(),
});
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** PATCH my/user/{id}: the identity, and its meta on request. */
export const ZIdentityDocument = z.object({ identity: ZResourceList(ZIdentity), meta: ZResourceList(ZMetaEntry).optional(), _total: z.number().int() });
export type TIdentityDocument = z.infer<typeof ZIdentityDocument>;

/** GET dev/mailbox (development only). */
export const ZMailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  /** Inline parts (e.g. the order's QR code), described without their bytes. */
  attachments: z.array(z.object({ cid: z.string(), filename: z.string(), content_type: z.string(), size: z.number().int() })),
});
export const ZMailbox = z.object({ mailbox: ZResourceList(ZMailboxMessage) });
export type TMailbox = z.infer<typeof ZMailbox>;

/** POST logout. */
/** `end_session_url`: for a user of the external identity provider, where the browser goes next to end that session too. */
export const ZLogoutAnswer = z.object({ logged_out: z.literal(true), end_session_url: z.url().optional() });
export type TLogoutAnswer = z.infer<typeof ZLogoutAnswer>;

/** POST auth0/start (external OpenID Connect login): where to go once logged in. */
export const ZExternalLoginStart = z.object({ redirectPath: z.string().max(2000).optional() }).strict();
/** POST auth0/callback: what the provider handed back to /auth0-callback, plus the guest's cart to keep. */
export const ZExternalLoginCallback = z
  .object({
    code: z.string().trim().min(1).max(2000),
    state: z.string().trim().min(1).max(200),
    iss: z.string().max(500).optional(),
    cart_id: z.string().min(1).max(64).optional(),
  })
  .strict();
/** GET login/providers: the external identity providers configured on the server. */
export const ZLoginProvider = z.object({ id: z.string(), label: z.string() });
export type TLoginProvider = z.infer<typeof ZLoginProvider>;
export const ZLoginProviders = z.object({ login_provider: ZResourceList(ZLoginProvider) });
export type TLoginProviders = z.infer<typeof ZLoginProviders>;
/** POST auth0/start: the provider's authorize URL. */
export const ZExternalLoginUrl = z.object({ url: z.string() });
