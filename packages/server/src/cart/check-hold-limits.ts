import type { Dialect, Tx } from '../db/database.js';
import { lockClientKeys } from '../db/client-lock.js';
import { AppError } from '../http/app-error.js';
import { liveHeldTickets } from './hold-limits.repository.js';

export interface HoldLimits {
  /** Live held tickets of one identity (so of each of its carts). */
  perIdentity: number;
  /** Live held tickets in carts created from one client address. */
  perAddress: number;
}

/** Until a hold runs out a client may retry: a minute is a fair first wait (holds last longer). */
const RETRY_AFTER_SECONDS = 60;

/**
 * Refuses (429 rate_limited) a reservation that would take a client over its live held tickets:
 * per identity and per address. Counted in the database under the client's lock, so the limit
 * holds across concurrent calls and processes. Call after removals, before the tickets are added.
 */
export async function checkHoldLimits(
  tx: Tx,
  dialect: Dialect,
  input: { identityId: string; clientIp: string | null; adding: number; limits: HoldLimits; now: Date },
): Promise<void> {
  if (input.adding <= 0) return;
  const nowIso = input.now.toISOString();
  await lockClientKeys(tx, dialect, [`holds:identity:${input.identityId}`, ...(input.clientIp ? [`holds:ip:${input.clientIp}`] : [])]);
  const mine = await liveHeldTickets(tx, { identityId: input.identityId }, nowIso);
  if (mine + input.adding > input.limits.perIdentity) throw tooManyHeld(input.limits.perIdentity, mine);
  if (!input.clientIp) return;
  const fromAddress = await liveHeldTickets(tx, { clientIp: input.clientIp }, nowIso);
  if (fromAddress + input.adding > input.limits.perAddress) throw tooManyHeld(input.limits.perAddress, fromAddress);
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
