import { PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { codeRequiredError } from './code-requirements.js';
import { readCartMods } from './reprice-cart.js';

/**
 * docs/promotions.md#applying-codes blocked cart: a blocking modifier whose code is not on the cart stops payment with
 * rule_blocks_reserve (context checkout_rules, block_reason code_required) and its description.
 * So do tickets of a code-required group (docs/promotions.md#applying-codes) that no code on the cart admits any more (a
 * catalog change, or a default code that ended since): the reserve's rule holds at pay too. The
 * pay call prices the cart again first (reprice-before-pay.ts), so what is stored is current.
 */
export function assertCheckoutUnblocked(cart: Selectable<CartTable>) {
  const stored = readCartMods(cart.cartmods);
  const blocking = stored.mods.find((m) => m.blocking_checkout);
  if (blocking) {
    throw new AppError(400, 'rule_blocks_reserve', blocking.description ?? PROMO_TEXT.codeRequired, 'checkout_rules', {
      block_reason: 'code_required',
      cartmod_id: blocking.id,
      code_group_ids: blocking.activating_code_groups,
    });
  }
  const unmet = stored.code_required?.[0];
  if (unmet) throw codeRequiredError(unmet);
}
