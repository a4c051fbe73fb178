import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Wallet passes (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, docs/wallet-passes.md#what-has-a-pass Wallet precheck): the operator's Apple pass
 * certificate and Google Wallet service account. Either may be unset; then that wallet is not offered.
 * PEM values are given inline or as a path to a file. Problems name the variable, never its value.
 */
export interface WalletSettings {
  apple: AppleWalletSettings | null;
  google: GoogleWalletSettings | null;
}

export interface AppleWalletSettings {
  /** APPLE_WALLET_PASS_TYPE_ID: the pass type identifier of the certificate (pass.org.example.tickets). */
  passTypeIdentifier: string;
  /** APPLE_WALLET_TEAM_ID: the Apple developer team that owns it. */
  teamIdentifier: string;
  /** APPLE_WALLET_CERT, APPLE_WALLET_KEY (+ APPLE_WALLET_KEY_PASSPHRASE), APPLE_WALLET_WWDR_CERT: PEM. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** APPLE_WALLET_APNS_URL: where pass updates are pushed (HTTP/2, the pass certificate as client certificate); Apple's production host by default. */
  apnsUrl: string;
}

export interface GoogleWalletSettings {
  /** GOOGLE_WALLET_ISSUER_ID: the Wallet console's issuer id (digits). */
  issuerId: string;
  /** GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: the service account that signs the save links. */
  serviceAccountEmail: string;
  /** GOOGLE_WALLET_PRIVATE_KEY: the service account's RSA key (PEM). */
  privateKey: KeyObject;
  /** GOOGLE_WALLET_API_URL: the Wallet API that updates saved objects; Google's by default. */
  apiUrl: string;
  /** GOOGLE_WALLET_TOKEN_URL: where the service account gets its access token (JWT bearer grant); Google's by default. */
  tokenUrl: string;
}

export const APNS_URL = 'https://api.push.apple.com';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

const APPLE_VARS = ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_CERT', 'APPLE_WALLET_KEY', 'APPLE_WALLET_WWDR_CERT'] as const;
const GOOGLE_VARS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL', 'GOOGLE_WALLET_PRIVATE_KEY'] as const;

export function readWallet(env: NodeJS.ProcessEnv, problems: string[]): WalletSettings {
  return { apple: readApple(env, problems), google: readGoogle(env, problems) };
}

/** All or none: a half-configured wallet is a mistake to report at start, not a button that fails. All set: their trimmed values. */
function present<N extends string>(env: NodeJS.ProcessEnv, names: readonly N[], problems: string[]): Record<N, string> | null {
  const values = new Map(names.flatMap((n) => { const v = env[n]?.trim(); return v ? [[n, v] as const] : []; }));
  if (values.size && values.size < names.length) problems.push(`${names.filter((n) => !values.has(n)).join(', ')} must be set with ${[...values.keys()].join(', ')}`);
  return values.size === names.length ? (Object.fromEntries(values) as Record<N, string>) : null;
}

/** A PEM given inline, or the file a path names. */
function pem(value: string, name: string, problems: string[]): string | null {
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch {
    problems.push(`${name} must be a PEM or the path of a readable PEM file`);
    return null;
  }
}

function readApple(env: NodeJS.ProcessEnv, problems: string[]): AppleWalletSettings | null {
  const vars = present(env, APPLE_VARS, problems);
  if (!vars) return null;
  const { APPLE_WALLET_PASS_TYPE_ID: passTypeIdentifier, APPLE_WALLET_TEAM_ID: teamIdentifier } = vars;
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeIdentifier)) problems.push(`APPLE_WALLET_PASS_TYPE_ID must look like pass.org.example.tickets, got "${passTypeIdentifier}"`);
  if (!/^[A-Z0-9]{10}$/.test(teamIdentifier)) problems.push('APPLE_WALLET_TEAM_ID must be the 10-character team identifier');
  const signerCert = pem(vars.APPLE_WALLET_CERT, 'APPLE_WALLET_CERT', problems);
  const signerKey = pem(vars.APPLE_WALLET_KEY, 'APPLE_WALLET_KEY', problems);
  const wwdr = pem(vars.APPLE_WALLET_WWDR_CERT, 'APPLE_WALLET_WWDR_CERT', problems);
  const signerKeyPassphrase = env.APPLE_WALLET_KEY_PASSPHRASE || undefined;
  if (!signerCert || !signerKey || !wwdr) return null;
  const cert = certificate(signerCert, 'APPLE_WALLET_CERT', problems);
  certificate(wwdr, 'APPLE_WALLET_WWDR_CERT', problems);
  const key = privateKey(signerKey, signerKeyPassphrase, 'APPLE_WALLET_KEY', problems);
  if (cert && key && !cert.checkPrivateKey(key)) problems.push('APPLE_WALLET_KEY is not the key of APPLE_WALLET_CERT');
  return { passTypeIdentifier, teamIdentifier, signerCert, signerKey, signerKeyPassphrase, wwdr, apnsUrl: url(env, 'APPLE_WALLET_APNS_URL', APNS_URL, problems) };
}

function readGoogle(env: NodeJS.ProcessEnv, problems: string[]): GoogleWalletSettings | null {
  const vars = present(env, GOOGLE_VARS, problems);
  if (!vars) return null;
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: serviceAccountEmail } = vars;
  if (!/^\d{6,30}$/.test(issuerId)) problems.push(`GOOGLE_WALLET_ISSUER_ID must be the issuer's number, got "${issuerId}"`);
  if (!/^[^\s@]+@[^\s@]+$/.test(serviceAccountEmail)) problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL must be the service account\'s e-mail address');
  const text = pem(vars.GOOGLE_WALLET_PRIVATE_KEY, 'GOOGLE_WALLET_PRIVATE_KEY', problems);
  const key = text ? privateKey(text, undefined, 'GOOGLE_WALLET_PRIVATE_KEY', problems) : null;
  if (key && key.asymmetricKeyType !== 'rsa') problems.push('GOOGLE_WALLET_PRIVATE_KEY must be an RSA key (RS256)');
  const apiUrl = url(env, 'GOOGLE_WALLET_API_URL', GOOGLE_WALLET_API_URL, problems);
  const tokenUrl = url(env, 'GOOGLE_WALLET_TOKEN_URL', GOOGLE_TOKEN_URL, problems);
  return key ? { issuerId, serviceAccountEmail, privateKey: key, apiUrl, tokenUrl } : null;
}

/** An http(s) URL setting without its trailing slash, or its default when unset. */
function url(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: string[]): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^https?:\/\/[^\s/]+/.test(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function certificate(text: string, name: string, problems: string[]): X509Certificate | null {
  try {
    return new X509Certificate(text);
  } catch {
    problems.push(`${name} is not a readable X.509 certificate (PEM)`);
    return null;
  }
}

function privateKey(text: string, passphrase: string | undefined, name: string, problems: string[]): KeyObject | null {
  try {
    return createPrivateKey({ key: text, format: 'pem', passphrase });
  } catch {
    problems.push(`${name} is not a readable private key (PEM${passphrase ? ', with its passphrase' : ''})`);
    return null;
  }
}
