import type { Tx } from '../db/database.js';
import { countHit, windowCount } from './rate-limit.repository.js';
import { AppError } from '../http/app-error.js';
import { AUTH_TEXT } from '@foyer/contracts';

/** A fixed-window limit: at most `max` hits per `windowMs` per key. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const MIN = 60_000;

/**
 * The limits of login, passcodes, recovery and resend (per IP and per account). Counted in the
 * database, so they hold across processes. Keys for accounts are the normalised e-mail or member
 * id as typed, whether an account exists or not, so limits reveal nothing about accounts. Per-IP
 * limits are generous (a venue's visitors may share one address); per-account limits stop guessing.
 */
export const LIMITS = {
  loginIp: { name: 'login:ip', max: 60, windowMs: 15 * MIN },
  /** Guesses at one account from one address: a stranger's guessing locks only the stranger out. */
  loginAccountIp: { name: 'login:account_ip', max: 10, windowMs: 15 * MIN },
  /** The slower global back-off: failed logins of one account from all addresses; over it, only
   * addresses that logged in to the account before (loginKnownAddress) may still try. */
  loginAccount: { name: 'login:account', max: 50, windowMs: 60 * MIN },
  /** Not a limit but a memory: addresses that logged in to the account (the owner's), for 30 days. */
  loginKnownAddress: { name: 'login:known', max: Number.MAX_SAFE_INTEGER, windowMs: 30 * 24 * 60 * MIN },
  otpRequestIp: { name: 'otp_request:ip', max: 30, windowMs: 15 * MIN },
  otpRequestAccount: { name: 'otp_request:account', max: 3, windowMs: 15 * MIN },
  otpCheckIp: { name: 'otp_check:ip', max: 60, windowMs: 15 * MIN },
  otpCheckAccount: { name: 'otp_check:account', max: 10, windowMs: 15 * MIN },
  recoveryIp: { name: 'recovery:ip', max: 20, windowMs: 15 * MIN },
  recoveryAccount: { name: 'recovery:account', max: 3, windowMs: 60 * MIN },
  resetCheckIp: { name: 'reset_check:ip', max: 60, windowMs: 15 * MIN },
  registerIp: { name: 'register:ip', max: 60, windowMs: 60 * MIN },
  resendIp: { name: 'resend:ip', max: 20, windowMs: 15 * MIN },
  resendAccount: { name: 'resend:account', max: 3, windowMs: 60 * MIN },
  /** Reads and changes by a manage link's key, per IP: generous for a household, far too few to guess a key. */
  orderKeyIp: { name: 'order_key:ip', max: 120, windowMs: 15 * MIN },
  /** POST ticket_order/resend, per address asked for (normalised), whether it bought or not. */
  resendAddress: { name: 'resend:address', max: 3, windowMs: 60 * MIN },
  /** POST checkin with a wrong staff token, per address: a scanner misconfigured, or someone guessing. */
  staffTokenIp: { name: 'staff_token:ip', max: 20, windowMs: 15 * MIN },
  /** POST client_error, per address: enough for real trouble, not for a page in an error loop. */
  clientErrorIp: { name: 'client_error:ip', max: 30, windowMs: 15 * MIN },
  /** GET membership_gift/{code}, per address: a family redeeming a few codes, never enough to guess one. */
  giftCodeIp: { name: 'gift_code:ip', max: 30, windowMs: 15 * MIN },
  /** GET address/find and address/retrieve, per address: each question costs the seller (docs/api.md#responses). */
  addressLookupIp: { name: 'address_lookup:ip', max: 300, windowMs: 15 * MIN },
  /** Apple Wallet devices registering and unregistering for pass updates, per address (docs/wallet-passes.md "Updates"). */
  walletDeviceIp: { name: 'wallet_device:ip', max: 120, windowMs: 15 * MIN },
} as const satisfies Record<string, Limit>;

export interface Hit {
  count: number;
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Counts one hit in the current window (one upsert) and says whether it is within the limit. */
export async function hit(db: Tx, limit: Limit, key: string, now: Date): Promise<Hit> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const end = start + limit.windowMs;
  const count = await countHit(db, `${limit.name}:${key}`, new Date(start).toISOString(), new Date(end).toISOString());
  return { count, allowed: count <= limit.max, retryAfter: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

/** The current window's count without counting a hit; `allowed` says whether one more hit would be. */
export async function peek(db: Tx, limit: Limit, key: string, now: Date): Promise<Hit> {
  const start = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
  const count = await windowCount(db, `${limit.name}:${key}`, new Date(start).toISOString());
  return { count, allowed: count < limit.max, retryAfter: Math.max(1, Math.ceil((start + limit.windowMs - now.getTime()) / 1000)) };
}

/** Counts a hit on every (limit, key) pair; refuses with 429 `rate_limited` when any is over. */
export async function enforceLimits(db: Tx, now: Date, checks: Array<[Limit, string]>): Promise<void> {
  let retryAfter = 0;
  for (const [limit, key] of checks) {
    const result = await hit(db, limit, key, now);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfter);
  }
  if (retryAfter) throw rateLimited(retryAfter);
}

export function rateLimited(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  const description = AUTH_TEXT.rateLimited.replace('a few minutes', minutes <= 1 ? 'a minute' : `${minutes} minutes`);
  return new AppError(429, 'rate_limited', description, 'rate_limit', { retry_after: retryAfter });
}
