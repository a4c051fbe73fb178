import { PROMO_TEXT, type TCartModify } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable, TicketTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { memo } from '../cart/memo.js';
import type { TtlCache } from '../ttl-cache.js';
import { attachCode, type CodePhase } from './attach-code.js';
import { attachCitypass } from './attach-citypass.js';
import { normaliseVoucher } from './citypass.js';
import { normaliseCode } from './normalise-code.js';
import { codesOfCart, requirementsOf } from './promotions.repository.js';
import { defaultCodeAt, repriceCart, sellerPromotions } from './reprice-cart.js';

const codeText = (entry: string | { code: string }) => (typeof entry === 'string' ? entry : entry.code);
const isVoucher = (entry: string | { handler?: string }) => typeof entry !== 'string' && entry.handler === 'citypass';

/**
 * The promotion part of my/cart/modify, inside its transaction after the tickets are written:
 * the payload's codes are applied (preReservePromoCodes and postReservePromoCodes strictly — a bad
 * one refuses the whole change; preloadedPromoCodes, from a link's `?code=`, only when valid), new
 * tickets of a code-required group are refused without one of its codes (rule_blocks_reserve,
 * block_reason code_required, the code group's description), then the cart is priced again.
 */
export async function promotionsOnModify(
  tx: Tx,
  input: { cart: Selectable<CartTable>; body: TCartModify; tickets: Selectable<TicketTable>[]; added: Selectable<TicketTable>[]; now: Date; cache?: TtlCache },
): Promise<{ cart: Selectable<CartTable>; tickets: Selectable<TicketTable>[] }> {
  const { cart, body, now } = input;
  // City-pass vouchers (pre-reserve entries with handler "citypass"): each must match and be unused.
  for (const entry of (body.preReservePromoCodes ?? []).filter(isVoucher)) {
    const voucher = normaliseVoucher(codeText(entry));
    if ((await codesOfCart(tx, cart.id)).some((c) => c.phase === 'citypass' && c.code === voucher)) continue;
    await attachCitypass(tx, { sellerId: cart.seller_id, cartId: cart.id, identityId: cart.identity_id, voucher, now });
  }
  const entries: [CodePhase, string, boolean][] = [
    ...(body.preReservePromoCodes ?? []).filter((e) => !isVoucher(e)).map((e): [CodePhase, string, boolean] => ['pre', codeText(e), true]),
    ...(body.postReservePromoCodes ?? []).map((e): [CodePhase, string, boolean] => ['post', codeText(e), true]),
    ...(body.preloadedPromoCodes ?? []).map((e): [CodePhase, string, boolean] => ['pre', e, false]),
  ];
  if (entries.length) {
    const onCart = new Set((await codesOfCart(tx, cart.id)).map((c) => c.code));
    for (const [phase, text, strict] of entries) {
      // A retried change (the code modal's retry) names the code again: it is on the cart already.
      if (onCart.has(normaliseCode(text))) continue;
      try {
        await attachCode(tx, { sellerId: cart.seller_id, cartId: cart.id, identityId: cart.identity_id, text, phase, now, cache: input.cache });
        onCart.add(normaliseCode(text));
      } catch (error) {
        if (strict || !(error instanceof AppError)) throw error;
      }
    }
  }
  await assertCodesForGroups(tx, cart, input.added, now, input.cache);
  return repriceCart(tx, cart, input.tickets, now, input.cache);
}

/** 000 §4, §8: tickets of a group that needs a code are reserved only with one of its codes on the cart. */
async function assertCodesForGroups(tx: Tx, cart: Selectable<CartTable>, added: Selectable<TicketTable>[], now: Date, cache?: TtlCache) {
  const groupIds = [...new Set(added.map((t) => t.ticket_group_id))].sort();
  if (!groupIds.length) return;
  const requirements = await memo(cache, `code_required:${groupIds.join(',')}`, () => requirementsOf(tx, groupIds));
  if (!requirements.length) return;
  const fallback = defaultCodeAt((await sellerPromotions(tx, cart.seller_id, cache)).defaultCode, now.toISOString());
  const held = new Set([...(await codesOfCart(tx, cart.id)), ...(fallback ? [fallback] : [])].map((c) => c.code_group_id));
  for (const groupId of groupIds) {
    const needed = requirements.filter((r) => r.ticket_group_id === groupId);
    if (!needed.length || needed.some((r) => held.has(r.code_group_id))) continue;
    throw new AppError(400, 'rule_blocks_reserve', needed[0].description ?? PROMO_TEXT.codeRequiredReserve, 'checkout_rules', {
      block_reason: 'code_required',
      ticket_group_id: groupId,
      code_group_ids: needed.map((r) => r.code_group_id),
    });
  }
}
