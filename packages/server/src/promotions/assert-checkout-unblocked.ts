import { PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { readCartMods } from './reprice-cart.js';

/**
 * 001 §8 blocked cart: a blocking modifier whose code is not on the cart stops payment with
 * rule_blocks_reserve (context checkout_rules, block_reason code_required) and its description.
 */
export function assertCheckoutUnblocked(cart: Selectable<CartTable>) {
  const blocking = readCartMods(cart.cartmods).mods.find((m) => m.blocking_checkout);
  if (!blocking) return;
  throw new AppError(400, 'rule_blocks_reserve', blocking.description ?? PROMO_TEXT.codeRequired, 'checkout_rules', {
    block_reason: 'code_required',
    cartmod_id: blocking.id,
    code_group_ids: blocking.activating_code_groups,
  });
}
