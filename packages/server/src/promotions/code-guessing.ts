import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { hit, peek, rateLimited, type Limit } from '../rate-limit/rate-limit.js';

/** Guessing codes (issue 14): wrong codes per address and per cart; over either, even a right one waits. */
export const CODE_LIMITS = {
  ip: { name: 'promo_code:ip', max: 30, windowMs: 15 * 60_000 },
  cart: { name: 'promo_code:cart', max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

/**
 * Runs `work` unless a key is over its limit. A code_not_found refusal counts as one guess on each
 * key; `misses` counts the codes a successful call passed over (a reserve's preloaded codes, which
 * are applied only when valid, would otherwise let a guesser read the answer off the cart).
 */
export async function guardCodeGuesses<T>(ctx: AppContext, keys: [Limit, string][], work: () => Promise<T>, misses: (result: T) => number = () => 0): Promise<T> {
  const now = ctx.now();
  for (const [limit, key] of keys) {
    const tries = await peek(ctx.db, limit, key, now);
    if (!tries.allowed) throw rateLimited(tries.retryAfter);
  }
  const count = async (n: number) => {
    for (let i = 0; i < n; i++) for (const [limit, key] of keys) await hit(ctx.db, limit, key, now);
  };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'code_not_found') await count(1);
    throw error;
  }
  await count(misses(result));
  return result;
}
