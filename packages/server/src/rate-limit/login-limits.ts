import type { Db } from '../db/database.js';
import { enforceLimits, hit, LIMITS, peek, rateLimited } from './rate-limit.js';

/**
 * The limits around a login's secret check, the storefront's and the box office's alike
 * (docs/accounts.md, Limits): per address, per (account, address) and, counting failures only, per
 * account from everywhere. Over the last, an address that logged in to the account before still may
 * try, so nobody can lock the owner out of their own account from elsewhere. Refuses with 429
 * before the check; the caller then records its outcome with `failed` or `succeeded`.
 */
export async function loginLimits(db: Db, input: { accountKey: string; ip: string; now: Date }) {
  const { accountKey, now } = input;
  const pairKey = `${accountKey}|${input.ip}`;
  await enforceLimits(db, now, [
    [LIMITS.loginIp, input.ip],
    [LIMITS.loginAccountIp, pairKey],
  ]);
  const failures = await peek(db, LIMITS.loginAccount, accountKey, now);
  if (!failures.allowed && (await peek(db, LIMITS.loginKnownAddress, pairKey, now)).count === 0) throw rateLimited(failures.retryAfter);
  return {
    failed: () => hit(db, LIMITS.loginAccount, accountKey, now),
    succeeded: () => hit(db, LIMITS.loginKnownAddress, pairKey, now),
  };
}
