import * as oidc from 'openid-client';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { findOrCreateExternalUser } from '../users/find-or-create-external-user.js';
import { beginSession, type BegunSession } from './begin-session.js';
import { OIDC_FLOW_TTL_S, type OidcFlow } from './external-login-cookie.js';
import type { OidcProvider } from './oidc-client.js';

export interface FinishExternalLoginInput {
  sellerId: string;
  /** The flow from the cookie (null: none, or unreadable). */
  flow: OidcFlow | null;
  code: string;
  state: string;
  /** The issuer the provider named on the callback (RFC 9207), when it did. */
  iss?: string;
  cartId?: string;
  guestIdentityId: string | null;
  previousSessionId: string | null;
  ip: string;
  now: Date;
}

export const EXTERNAL_TEXT = {
  invalidState: 'This login has expired or was already used. Please log in again.',
  failed: 'We could not log you in with {label}. Please try again.',
  noVerifiedEmail: 'Your {label} account has no verified email address, so we cannot log you in with it.',
  linkedElsewhere: 'Your email address is linked to another {label} account. Please log in with that account, or with your password.',
} as const;

const text = (template: string, label: string) => template.replace('{label}', label);

/**
 * The callback of an OpenID Connect login: the state must be the one this browser started with;
 * the code is exchanged (with the PKCE verifier) for an id_token whose signature, issuer,
 * audience, expiry and nonce openid-client checks; the subject (iss + sub) finds the linked
 * account, else the verified e-mail finds (and links) or creates one; a normal session starts.
 */
export async function finishExternalLogin(db: Db, provider: OidcProvider, input: FinishExternalLoginInput): Promise<BegunSession & { redirectPath: string | null }> {
  await enforceLimits(db, input.now, [[LIMITS.loginIp, input.ip]]);
  const { flow } = input;
  const fresh = flow !== null && input.now.getTime() - flow.started <= OIDC_FLOW_TTL_S * 1000 && input.now.getTime() >= flow.started - 60_000;
  if (!flow || !fresh || flow.state !== input.state) throw new AppError(400, 'invalid_state', EXTERNAL_TEXT.invalidState, 'auth0');

  const config = await provider.config();
  const label = provider.settings.label;
  const callback = new URL(provider.redirectUri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  if (input.iss) callback.searchParams.set('iss', input.iss);

  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no id_token');
    claims = idToken;
  } catch (error) {
    const failure = error as { code?: string; error?: string } | null | undefined;
    const reason = failure?.error ?? failure?.code ?? 'token_exchange_failed';
    throw new AppError(401, 'not_authorized', text(EXTERNAL_TEXT.failed, label), 'auth0', { reason });
  }
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const found = await findOrCreateExternalUser(db, {
    sellerId: input.sellerId,
    profile: {
      issuer: claims.iss,
      subject: claims.sub,
      verifiedEmail: claims.email_verified === true && email.length <= 254 ? email : null,
      givenName: str(claims.given_name),
      familyName: str(claims.family_name),
      name: str(claims.name),
    },
    now: input.now,
  });
  if ('refused' in found) {
    throw new AppError(401, 'not_authorized', text(found.refused === 'no_verified_email' ? EXTERNAL_TEXT.noVerifiedEmail : EXTERNAL_TEXT.linkedElsewhere, label), 'auth0');
  }
  const { user } = found;
  const session = await beginSession(db, { user, previousSessionId: input.previousSessionId, cartId: input.cartId, guestIdentityId: input.guestIdentityId, now: input.now });
  return { ...session, redirectPath: flow.redirectPath };
}

const str = (value: unknown) => (typeof value === 'string' ? value : null);
