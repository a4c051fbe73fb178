import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readOperationsSettings, type OperationsSettings } from './operations-settings.js';
import { readAddressLookup, type AddressLookupSettings } from './address/address-settings.js';
import { readWallet, type WalletSettings } from './wallet/wallet-settings.js';
import { readStaffIdleMs } from './staff/staff-settings.js';
import type { RequestLogging } from './http/request-logging.js';
import { readLiveSettings, type LiveSettings } from './live/live-settings.js';
/** The repository root: this file is at packages/server/src, or bundled into dist/server (scripts/build-server.mjs). */
const ROOT = new URL(/\/dist\/server\/[^/]+$/.test(import.meta.url) ? '../../' : '../../../', import.meta.url);

/** Process configuration, read from the environment once and validated as a whole. */
export interface Settings {
  port: number;
  host: string;
  databaseUrl: string;
  /** FOYER_PG_POOL: PostgreSQL connections per process. */
  pgPool: number;
  defaultSeller: string | null;
  seed: 'demo' | 'none';
  seedFile: string;
  webDist: string;
  logLevel: string;
  /** LOG_REQUESTS (a line per request) and FOYER_SLOW_REQUEST_MS (slower answers are warn lines); http/request-logging.ts. */
  requestLogging?: RequestLogging;
  /** smtp(s)://user:pass@host:port — unset: mail stays in the local mailbox (the outbox table). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Base of links in e-mails (reset password, login passcode). */
  publicUrl: string;
  /** Development helpers such as GET /api/dev/mailbox: on unless NODE_ENV is production. */
  devRoutes: boolean;
  /**
   * FOYER_TRUST_PROXY: whose X-Forwarded-For to believe: false; a hop count (`true` is one hop: the
   * address the proxy in front appended); or the proxies' addresses/CIDRs. Either way the client
   * address is the rightmost untrusted hop, never one the client wrote itself.
   */
  trustProxy?: boolean | number | string;
  /** Cookies carry `Secure` when FOYER_PUBLIC_URL is https (whatever the proxy says about the request). */
  secureCookies?: boolean;
  /** FOYER_FRAME_ANCESTORS: origins that may embed the storefront in a frame (CSP frame-ancestors); empty: none. */
  frameAncestors?: string[];
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): unset, the demo gateway takes cards. */
  stripe?: StripeSettings | null;
  /**
   * APPLE_PAY_DOMAIN_ASSOCIATION_FILE: the domain-association file Stripe gives for Apple Pay
   * (docs/payments.md "Apple Pay and Google Pay in production"), served at
   * /.well-known/apple-developer-merchantid-domain-association; unset: that address is a 404.
   */
  applePayDomainAssociationFile?: string | null;
  /** CAPTCHA_SECRET_KEY (+ CAPTCHA_VERIFY_URL): the pay call of a non-member needs a captcha answer. */
  captcha?: { secretKey: string; verifyUrl: string } | null;
  /** OpenID Connect login (OIDC_ISSUER, OIDC_CLIENT_ID, …): unset, no external login. */
  oidc?: OidcSettings | null;
  /** Abuse limits, image cache and metrics (operations-settings.ts). */
  operations: OperationsSettings;
  /** FOYER_CACHE_TTL_MS: how long a /cached_api answer is reused in this process (0: not at all). */
  cacheTtlMs?: number;
  /**
   * FOYER_STAFF_TOKENS: bearer tokens of the door's scanners (POST checkin), comma-separated, each at
   * least 32 characters (`npm run foyer -- staff token` makes one). Kept as sha256 hashes; unset: no check-in.
   */
  staffTokenHashes?: string[];
  /** The name each token's holder goes by at the door (an entry `Name:token`; else "Door n"), by position. */
  staffTokenNames?: string[];
  /** ADDRESS_LOOKUP_KEY (+ ADDRESS_LOOKUP_URL): the address autocomplete's service; unset, addresses are typed. */
  addressLookup?: AddressLookupSettings | null;
  /** Apple Wallet pass certificate and Google Wallet service account (wallet/wallet-settings.ts); unset: no wallet buttons. */
  wallet?: WalletSettings;
  /** Live availability streams: caps, heartbeat, slow-consumer bound (live/live-settings.ts). */
  live?: LiveSettings;
  /** FOYER_INSTALMENT_REMINDER_DAYS (default 7, 0–60): how many days before a payment plan's instalment falls due its buyer is e-mailed. */
  instalmentReminderDays?: number;
  /** FOYER_STAFF_IDLE_MINUTES as milliseconds (staff/staff-settings.ts); unset in a context: 30 minutes. */
  staffIdleMs?: number;
}

export interface OidcSettings {
  /** The provider's issuer URL; its discovery document is at {issuer}/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication). */
  clientSecret: string | null;
  /** The login button's text: "Log in with {label}". */
  label: string;
  scope: string;
  /**
   * OIDC_LOGOUT_URL: where logging out sends the browser to end the provider's session too (for a
   * provider without an end_session_endpoint, e.g. Auth0's /v2/logout?…); unset: the discovered
   * end_session_endpoint, if any.
   */
  logoutUrl?: string | null;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: another Stripe API endpoint (a local fake or stripe-mock); unset: Stripe itself. */
  apiUrl: string | null;
  /** STRIPE_ACCOUNT_ID: the seller's Stripe account (acct_…), shown as the cart fees' account_id; unset: null. */
  accountId?: string | null;
  /** STRIPE_TIMEOUT_MS: how long one call to Stripe may take before it counts as lost (retried twice with its idempotency key); default 20000. */
  timeoutMs?: number;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses every setting and reports all invalid ones at once. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const problems: string[] = [];
  const portText = env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) problems.push(`PORT must be a whole number 0–65535, got "${portText}"`);
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/foyer.db';
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be sqlite:<path> or postgres://user@host/db');
  }
  const poolText = env.FOYER_PG_POOL ?? '10';
  const pgPool = Number(poolText);
  if (!/^\d+$/.test(poolText) || pgPool < 1 || pgPool > 1000) problems.push(`FOYER_PG_POOL must be a whole number 1–1000, got "${poolText}"`);
  const seed = env.FOYER_SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') problems.push(`FOYER_SEED must be "demo" or "none", got "${seed}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  const logRequestsText = (env.LOG_REQUESTS ?? 'false').trim().toLowerCase();
  if (logRequestsText !== 'true' && logRequestsText !== 'false') problems.push(`LOG_REQUESTS must be true or false, got "${env.LOG_REQUESTS}"`);
  const slowText = env.FOYER_SLOW_REQUEST_MS?.trim() || '1000';
  const slowMs = Number(slowText);
  if (!/^\d+$/.test(slowText) || slowMs < 1) problems.push(`FOYER_SLOW_REQUEST_MS must be a whole number of milliseconds of at least 1, got "${slowText}"`);
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) problems.push('SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://…');
  const mailFrom = env.FOYER_MAIL_FROM ?? 'Foyer <no-reply@localhost>';
  if (!/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom.trim())) problems.push(`FOYER_MAIL_FROM must be an address or "Name <address>", got "${mailFrom}"`);
  const publicUrl = (env.FOYER_PUBLIC_URL ?? `http://localhost:${portText}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicUrl)) problems.push(`FOYER_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  const trustText = (env.FOYER_TRUST_PROXY ?? 'false').trim();
  let trustProxy: boolean | number | string = false;
  // `true` means one hop: trusting every peer would let a client write its own address first.
  if (/^(true|false)$/i.test(trustText)) trustProxy = trustText.toLowerCase() === 'true' ? 1 : false;
  else if (/^[0-9a-f.:/, ]+$/i.test(trustText) && /[.:]/.test(trustText)) trustProxy = trustText;
  else problems.push(`FOYER_TRUST_PROXY must be true, false or the proxies' addresses (e.g. 10.0.0.0/8), got "${trustText}"`);
  const frameAncestors = (env.FOYER_FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of frameAncestors) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) problems.push(`FOYER_FRAME_ANCESTORS must list origins such as https://www.example.org, got "${origin}"`);
  }
  const stripe = readStripe(env, problems);
  const captchaKey = env.CAPTCHA_SECRET_KEY?.trim() || '';
  const captchaUrl = env.CAPTCHA_VERIFY_URL?.trim() || 'https://www.google.com/recaptcha/api/siteverify';
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(captchaUrl)) problems.push(`CAPTCHA_VERIFY_URL must be an http(s) URL, got "${captchaUrl}"`);
  const oidc = readOidc(env, problems);
  const operations = readOperationsSettings(env, problems);
  const cacheTtlText = env.FOYER_CACHE_TTL_MS ?? '5000';
  const cacheTtlMs = Number(cacheTtlText);
  if (!/^\d+$/.test(cacheTtlText) || cacheTtlMs > 600_000) problems.push(`FOYER_CACHE_TTL_MS must be a whole number of milliseconds 0–600000, got "${cacheTtlText}"`);
  const { hashes: staffTokenHashes, names: staffTokenNames } = readStaffTokens(env, problems);
  const addressLookup = readAddressLookup(env, problems);
  const wallet = readWallet(env, problems);
  const staffIdleMs = readStaffIdleMs(env, problems);
  const live = readLiveSettings(env, problems);
  const applePayDomainAssociationFile = env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE?.trim() || null;
  if (applePayDomainAssociationFile && !existsSync(applePayDomainAssociationFile)) problems.push(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE must name a readable file, got "${applePayDomainAssociationFile}"`);
  const reminderText = env.FOYER_INSTALMENT_REMINDER_DAYS ?? '7';
  const instalmentReminderDays = Number(reminderText);
  if (!/^\d+$/.test(reminderText) || instalmentReminderDays > 60) problems.push(`FOYER_INSTALMENT_REMINDER_DAYS must be a whole number of days 0–60, got "${reminderText}"`);
  if (problems.length) throw new SettingsError(problems);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    pgPool,
    defaultSeller: env.FOYER_DEFAULT_SELLER || null,
    staffTokenHashes,
    staffTokenNames,
    seed: seed as 'demo' | 'none',
    seedFile: env.FOYER_SEED_FILE ?? new URL('catalog/demo.json', ROOT).pathname,
    webDist: env.FOYER_WEB_DIST ?? new URL('packages/web/dist', ROOT).pathname,
    logLevel,
    requestLogging: { everyRequest: logRequestsText === 'true', slowMs },
    smtpUrl,
    mailFrom: mailFrom.trim(),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    frameAncestors,
    devRoutes: env.NODE_ENV !== 'production',
    trustProxy,
    stripe,
    applePayDomainAssociationFile,
    oidc,
    captcha: captchaKey ? { secretKey: captchaKey, verifyUrl: captchaUrl } : null,
    operations,
    cacheTtlMs,
    addressLookup,
    wallet,
    instalmentReminderDays,
    staffIdleMs,
    live,
  };
}

/** OpenID Connect is on when OIDC_ISSUER is set; then OIDC_CLIENT_ID is required. Plain http only on loopback. */
function readOidc(env: NodeJS.ProcessEnv, problems: string[]): OidcSettings | null {
  const issuer = env.OIDC_ISSUER?.trim() || '';
  const clientId = env.OIDC_CLIENT_ID?.trim() || '';
  if (!issuer) {
    if (clientId || env.OIDC_CLIENT_SECRET) problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER');
    return null;
  }
  let url: URL | null = null;
  try {
    url = new URL(issuer);
  } catch {
    problems.push(`OIDC_ISSUER must be an https URL, got "${issuer}"`);
  }
  const loopback = url !== null && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) problems.push(`OIDC_ISSUER must be an https URL (http only for localhost), got "${issuer}"`);
  if (!clientId) problems.push('OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
  const scope = env.OIDC_SCOPE?.trim() || 'openid email profile';
  if (!scope.split(/\s+/).includes('openid') || !scope.split(/\s+/).includes('email')) problems.push(`OIDC_SCOPE must include openid and email, got "${scope}"`);
  const label = env.OIDC_LABEL?.trim() || 'single sign-on';
  if (label.length > 40) problems.push('OIDC_LABEL must be at most 40 characters');
  const logoutUrl = env.OIDC_LOGOUT_URL?.trim() || null;
  if (logoutUrl && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(logoutUrl)) problems.push(`OIDC_LOGOUT_URL must be an http(s) URL, got "${logoutUrl}"`);
  // Kept as given: the id_token's iss must equal it exactly (Auth0's ends with a slash).
  return { issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET?.trim() || null, label, scope, logoutUrl };
}

/** Stripe is on when its secret key is set; then the publishable key and webhook secret are required too. */
function readStripe(env: NodeJS.ProcessEnv, problems: string[]): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || '';
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || '';
  const apiUrl = env.STRIPE_API_URL?.trim().replace(/\/+$/, '') || null;
  if (!secretKey) {
    if (publishableKey || webhookSecret) problems.push('STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET need STRIPE_SECRET_KEY');
    return null;
  }
  if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)');
  if (!/^pk_(test|live)_\S+$/.test(publishableKey)) problems.push('STRIPE_PUBLISHABLE_KEY must be set to a Stripe publishable key (pk_test_… or pk_live_…)');
  if (!/^whsec_\S+$/.test(webhookSecret)) problems.push('STRIPE_WEBHOOK_SECRET must be set to the webhook signing secret (whsec_…)');
  if (apiUrl && !/^https?:\/\/[^\s/]+$/.test(apiUrl)) problems.push(`STRIPE_API_URL must be http(s)://host[:port], got "${apiUrl}"`);
  const mode = (key: string) => /_(test|live)_/.exec(key)?.[1];
  if (mode(secretKey) && mode(publishableKey) && mode(secretKey) !== mode(publishableKey)) problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test or both be live keys');
  const accountId = env.STRIPE_ACCOUNT_ID?.trim() || null;
  if (accountId && !/^acct_\w+$/.test(accountId)) problems.push('STRIPE_ACCOUNT_ID must be a Stripe account id (acct_…)');
  const timeoutText = env.STRIPE_TIMEOUT_MS?.trim() || '20000';
  const timeoutMs = Number(timeoutText);
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 100 || timeoutMs > 120_000) problems.push(`STRIPE_TIMEOUT_MS must be a whole number of milliseconds 100–120000, got "${timeoutText}"`);
  return { secretKey, publishableKey, webhookSecret, apiUrl, accountId, timeoutMs };
}

export const STAFF_TOKEN_MIN = 32;

function readStaffTokens(env: NodeJS.ProcessEnv, problems: string[]): { hashes: string[]; names: string[] } {
  const entries = (env.FOYER_STAFF_TOKENS ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  // An entry may name its holder, `Name:token` (docs/door.md): the door shows who let someone in.
  const parsed = entries.map((entry, i) => {
    const named = /^([\p{L}\p{N} ._'-]{1,40}):(\S+)$/u.exec(entry);
    return named ? { name: named[1].trim(), token: named[2] } : { name: `Door ${i + 1}`, token: entry };
  });
  // Say which one is short by position only: a token never reaches a log.
  parsed.forEach((t, i) => t.token.length < STAFF_TOKEN_MIN && problems.push(`FOYER_STAFF_TOKENS: token ${i + 1} is shorter than ${STAFF_TOKEN_MIN} characters`));
  return { hashes: parsed.map((t) => createHash('sha256').update(t.token).digest('hex')), names: parsed.map((t) => t.name) };
}
