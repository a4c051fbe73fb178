import { normaliseZip, PROMO_TEXT, type TApplyCode } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { cartById, heldTicketsOfCart, updateCartRow } from '../cart/public.js';
import { assertModifiable, assertNotInjected } from '../cart/cart-access.js';
import type { TtlCache } from '../ttl-cache.js';
import { attachCode } from './attach-code.js';
import { attachZip } from './attach-zip.js';
import { attachCitypass } from './attach-citypass.js';
import { normaliseVoucher } from './citypass.js';
import { normaliseCode } from './normalise-code.js';
import { codesOfCart, detachCode, giveBackCodeUses } from './promotions.repository.js';
import { readCartMods, repriceCart } from './reprice-cart.js';

export interface ApplyCodeInput {
  sellerId: string;
  identity: Identity | null;
  cartId: string;
  body: TApplyCode;
  now: Date;
  cache?: TtlCache;
}

const noBenefit = (description: string, code: string) => new AppError(422, 'no_code_benefit', description, 'promo_code', { code });

/**
 * POST my/cart/{id}/apply_code (docs/promotions.md#applying-codes): puts a code on the owner's pending cart and prices it
 * again, or (`remove`) takes it off and gives its use back — unless tickets on the cart are of a
 * code-required group only it admits. With require_benefit the code must lower the price or lift a
 * block, else no_code_benefit and nothing changes; an empty cart takes no code at all. A cart paid
 * into keeps its codes (its price is what was charged).
 */
export async function applyPromoCode(db: Db, dialect: Dialect, input: ApplyCodeInput): Promise<string> {
  return inWriteTransaction(db, dialect, async (tx) => {
    const cart = await cartById(tx, input.cartId);
    assertModifiable(cart, input.identity, input.sellerId, input.now);
    assertNotInjected(cart);
    if (cart.paid > 0) throw new AppError(409, 'incorrect_cart_state', PROMO_TEXT.paidCart, 'promo_code', { cart_id: cart.id });
    // The cart's row is locked first (PostgreSQL): a reserve on this cart running at once waits or
    // is waited for, so a removal sees the tickets that need its code (and a reserve sees it gone).
    await updateCartRow(tx, cart.id, { updated_at: input.now.toISOString() });
    const held = await heldTicketsOfCart(tx, cart.id);
    const text = input.body.handler === 'zip' ? normaliseZip(input.body.code) : input.body.handler === 'citypass' ? normaliseVoucher(input.body.code) : normaliseCode(input.body.code);

    if (input.body.remove) {
      const applied = (await codesOfCart(tx, cart.id)).find((c) => c.code === text);
      if (!applied) throw new AppError(404, 'code_not_found', PROMO_TEXT.notApplied, 'promo_code', { code: text });
      await giveBackCodeUses(tx, cart.id, applied.code_id);
      await detachCode(tx, cart.id, applied.code_id);
      const { unmet } = await repriceCart(tx, cart, held, input.now, input.cache);
      // A code-required group's tickets keep the code that admitted them (else one use would admit
      // any number of carts): refused, and the rollback puts the code and its use back.
      const needing = unmet.find((u) => u.code_group_ids.includes(applied.code_group_id));
      if (needing) throw new AppError(422, 'validation_failed', PROMO_TEXT.neededByTickets, 'promo_code', { code: text, block_reason: 'code_required', ticket_group_id: needing.ticket_group_id });
      return cart.id;
    }

    // docs/promotions.md#applying-codes (issue 14 "a code applied to an empty cart"): nothing to discount, so no use is taken, with or without require_benefit.
    if (!held.length) throw noBenefit(PROMO_TEXT.emptyCart, text);
    const attach = { sellerId: cart.seller_id, cartId: cart.id, identityId: cart.identity_id, now: input.now };
    const code =
      input.body.handler === 'zip'
        ? await attachZip(tx, { ...attach, zip: input.body.code })
        : input.body.handler === 'citypass'
          ? await attachCitypass(tx, { ...attach, voucher: input.body.code })
          : await attachCode(tx, { ...attach, text, phase: 'post', cache: input.cache });
    const blockedBefore = readCartMods(cart.cartmods).mods.filter((m) => m.blocking_checkout).length;
    const { pricing } = await repriceCart(tx, cart, held, input.now, input.cache);
    if (input.body.require_benefit) {
      const lowers = pricing.mods.some((m) => !m.blocking && m.discount > 0 && m.mod.code_group_ids.includes(code.code_group_id));
      const unblocks = pricing.mods.filter((m) => m.blocking).length < blockedBefore;
      if (!lowers && !unblocks) throw noBenefit(PROMO_TEXT.noBenefit, text);
    }
    return cart.id;
  });
}
