import type { TCartModify } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { CartTable } from '../db/schema.js';
import type { Limit } from '../rate-limit/rate-limit.js';
import { CODE_LIMITS } from './code-guessing.js';
import { normaliseCode } from './normalise-code.js';
import { readCartMods } from './reprice-cart.js';

/** Whether a my/cart/modify names promo codes (pre-reserve, post-reserve or a link's preloaded ones). */
export const carriesCodes = (body: TCartModify) => !!(body.preReservePromoCodes?.length || body.postReservePromoCodes?.length || body.preloadedPromoCodes?.length);

/** Per address, and per cart when the change is to an existing one. */
export const codeGuessKeys = (ip: string, cartId: string | undefined): [Limit, string][] => [[CODE_LIMITS.ip, ip], ...(cartId ? [[CODE_LIMITS.cart, cartId] as [Limit, string]] : [])];

/** Preloaded codes the change passed over (unknown, expired, used up): each counts as a wrong guess. */
export function missedPreloadedCodes(body: TCartModify, cart: Selectable<CartTable>): number {
  const onCart = new Set(readCartMods(cart.cartmods).codes.map((c) => c.code));
  return [...new Set((body.preloadedPromoCodes ?? []).map(normaliseCode))].filter((c) => !onCart.has(c)).length;
}
