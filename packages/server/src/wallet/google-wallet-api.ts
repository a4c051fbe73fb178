import { SignJWT } from 'jose';
import type { GoogleWalletSettings } from './wallet-settings.js';

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TIMEOUT_MS = 10_000;
/** A token is used until a minute before it expires. */
const MARGIN_MS = 60_000;

const tokens = new WeakMap<GoogleWalletSettings, { token: string; until: number }>();

/**
 * The service account's OAuth access token (docs/wallet-passes.md "Updates"): a JWT signed RS256
 * by its key (jose), exchanged at the token URL (JWT bearer grant); kept until shortly before it expires.
 */
async function accessToken(google: GoogleWalletSettings, now: Date): Promise<string> {
  const kept = tokens.get(google);
  if (kept && kept.until > now.getTime()) return kept.token;
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.serviceAccountEmail)
    .setAudience(google.tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(google.privateKey);
  const res = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Google token ${res.status}`);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('Google token: no access_token');
  tokens.set(google, { token: body.access_token, until: now.getTime() + (body.expires_in ?? 3600) * 1000 - MARGIN_MS });
  return body.access_token;
}

/**
 * PATCHes a saved event ticket object. 'not_saved' when Google has no such object (404: the
 * buyer never saved the pass), which is no error; any other refusal throws (retried later).
 */
export async function patchTicketObject(google: GoogleWalletSettings, objectId: string, patch: object, now: Date): Promise<'updated' | 'not_saved'> {
  const token = await accessToken(google, now);
  const res = await fetch(`${google.apiUrl}/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status === 404) return 'not_saved';
  if (res.status === 401) tokens.delete(google);
  if (!res.ok) throw new Error(`Google Wallet ${res.status}`);
  return 'updated';
}
