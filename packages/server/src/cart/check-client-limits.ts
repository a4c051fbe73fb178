import type { Dialect, Tx } from '../db/database.js';
import { lockClientKeys } from '../db/client-lock.js';
import { AppError } from '../http/app-error.js';
import type { OperationsSettings } from '../operations-settings.js';
import { rateLimited } from '../rate-limit/rate-limit.js';
import { cartsCreatedFrom, liveHeldTickets } from './hold-limits.repository.js';

/** The limits of one client of the storefront, from settings; staff tools (injection) have none. */
export interface ClientLimits {
  /** The client's address (the cart records it when created). */
  ip: string;
  /** Live held tickets of one identity (so of each of its carts). */
  heldPerIdentity: number;
  /** Live held tickets in carts created from one client address. */
  heldPerAddress: number;
  /** New carts per address per hour. */
  cartsPerHour: number;
}

/** The limits of the storefront client at `ip`, from the settings. */
export function clientLimitsFor(settings: OperationsSettings, ip: string): ClientLimits {
  return { ip, heldPerIdentity: settings.maxHeldTicketsPerCart, heldPerAddress: settings.maxHeldTicketsPerIp, cartsPerHour: settings.cartsPerIpPerHour };
}

/** Until a hold runs out a client may retry: a minute is a fair first wait (holds last longer). */
const RETRY_AFTER_SECONDS = 60;
const HOUR_MS = 3_600_000;

/**
 * Refuses (429 rate_limited) a cart change that took a client over its limits: new carts per
 * address per hour, live held tickets per identity and per address. Runs last in the reserving
 * transaction (the new cart and tickets count), under the client's lock, so the limits hold
 * across concurrent calls and processes. The lock is the last one the transaction takes and only
 * reads follow it, so it cannot join a deadlock. A refusal rolls the whole change back.
 */
export async function checkClientLimits(
  tx: Tx,
  dialect: Dialect,
  limits: ClientLimits,
  change: { identityId: string; newIdentity: boolean; newCart: boolean; adding: number; now: Date },
): Promise<void> {
  if (!change.newCart && change.adding <= 0) return;
  const nowIso = change.now.toISOString();
  // An identity made by this very change (a new guest) has no other cart, and no one else knows it yet.
  await lockClientKeys(tx, dialect, change.newIdentity ? [`holds:ip:${limits.ip}`] : [`holds:identity:${change.identityId}`, `holds:ip:${limits.ip}`]);
  if (change.newCart) {
    const since = change.now.getTime() - HOUR_MS;
    const made = await cartsCreatedFrom(tx, limits.ip, new Date(since).toISOString());
    if (made.count > limits.cartsPerHour) {
      const retryAfter = made.oldest ? Math.max(1, Math.ceil((Date.parse(made.oldest) - since) / 1000)) : RETRY_AFTER_SECONDS;
      throw rateLimited(retryAfter);
    }
  }
  if (change.adding <= 0) return;
  const mine = change.newIdentity ? change.adding : await liveHeldTickets(tx, { identityId: change.identityId }, nowIso);
  if (mine > limits.heldPerIdentity) throw tooManyHeld(limits.heldPerIdentity, mine - change.adding);
  const fromAddress = await liveHeldTickets(tx, { clientIp: limits.ip }, nowIso);
  if (fromAddress > limits.heldPerAddress) throw tooManyHeld(limits.heldPerAddress, fromAddress - change.adding);
}

function tooManyHeld(limit: number, held: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `You are holding too many tickets (at most ${limit} at a time). Pay for or remove some, or try again when your holds run out.`,
    'cart_reserve',
    { retry_after: RETRY_AFTER_SECONDS, limit, held },
  );
}
