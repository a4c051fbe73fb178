import { PROMO_TEXT, type TCartModify } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable, TicketTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { attachCode, type CodePhase } from './attach-code.js';
import { attachCitypass } from './attach-citypass.js';
import { checkCitypassVisit } from './citypass-visit.js';
import { normaliseVoucher } from './citypass.js';
import { normaliseCode } from './normalise-code.js';
import { codesOfCart } from './promotions.repository.js';
import { repriceCart } from './reprice-cart.js';
import { codeRequiredError, type UnmetRequirement } from './code-requirements.js';

const codeText = (entry: string | { code: string }) => (typeof entry === 'string' ? entry : entry.code);
const isVoucher = (entry: string | { handler?: string }) => typeof entry !== 'string' && entry.handler === 'citypass';

/**
 * The promotion part of my/cart/modify, inside its transaction after the tickets are written:
 * the payload's codes are applied (preReservePromoCodes and postReservePromoCodes strictly — a bad
 * one refuses the whole change; preloadedPromoCodes, from a link's `?code=`, only when valid), the
 * cart is priced again, and new tickets of a code-required group are refused without one of its
 * codes (rule_blocks_reserve, block_reason code_required, the code group's description).
 */
export async function promotionsOnModify(
  tx: Tx,
  input: { cart: Selectable<CartTable>; newCart: boolean; body: TCartModify; tickets: Selectable<TicketTable>[]; added: Selectable<TicketTable>[]; now: Date; cache?: TtlCache },
): Promise<{ cart: Selectable<CartTable>; tickets: Selectable<TicketTable>[] }> {
  const { cart, body, now } = input;
  // A cart made by this change holds only the codes this change attaches.
  let attached = false;
  // As apply_code: a cart left without tickets takes no code (nothing to discount, no use taken);
  // named codes refuse the change, a link's preloaded ones wait for a reserve.
  const named = [...(body.preReservePromoCodes ?? []), ...(body.postReservePromoCodes ?? [])];
  if (!input.tickets.length && named.length) throw new AppError(422, 'no_code_benefit', PROMO_TEXT.emptyCart, 'promo_code', { code: codeText(named[0]) });
  // City-pass vouchers (pre-reserve entries with handler "citypass"): each must match and be unused.
  for (const entry of (body.preReservePromoCodes ?? []).filter(isVoucher)) {
    const voucher = normaliseVoucher(codeText(entry));
    if ((await codesOfCart(tx, cart.id)).some((c) => c.phase === 'citypass' && c.code === voucher)) continue;
    // A pre-reserved visit is recorded with the voucher's use and must be a session in the cart (docs/promotions.md).
    const visitDatetime = await checkCitypassVisit(tx, entry, voucher, input.tickets);
    await attachCitypass(tx, { sellerId: cart.seller_id, cartId: cart.id, identityId: cart.identity_id, voucher, now, visitDatetime });
    attached = true;
  }
  const entries: [CodePhase, string, boolean][] = [
    ...(body.preReservePromoCodes ?? []).filter((e) => !isVoucher(e)).map((e): [CodePhase, string, boolean] => ['pre', codeText(e), true]),
    ...(body.postReservePromoCodes ?? []).map((e): [CodePhase, string, boolean] => ['post', codeText(e), true]),
    ...(body.preloadedPromoCodes ?? []).map((e): [CodePhase, string, boolean] => ['pre', e, false]),
  ];
  if (entries.length && input.tickets.length) {
    const onCart = new Set((await codesOfCart(tx, cart.id)).map((c) => c.code));
    for (const [phase, text, strict] of entries) {
      // A retried change (the code modal's retry) names the code again: it is on the cart already.
      if (onCart.has(normaliseCode(text))) continue;
      try {
        await attachCode(tx, { sellerId: cart.seller_id, cartId: cart.id, identityId: cart.identity_id, text, phase, now, cache: input.cache });
        onCart.add(normaliseCode(text));
        attached = true;
      } catch (error) {
        if (strict || !(error instanceof AppError)) throw error;
      }
    }
  }
  const priced = await repriceCart(tx, cart, input.tickets, now, input.cache, input.newCart && !attached ? [] : undefined);
  assertCodesForGroups(priced.unmet, input.added);
  return priced;
}

/** docs/promotions.md#applying-codes: tickets of a group that needs a code are reserved only with one of its codes on the cart (or the default code). */
function assertCodesForGroups(unmet: UnmetRequirement[], added: Selectable<TicketTable>[]) {
  const addedGroups = new Set(added.map((t) => t.ticket_group_id));
  const blocked = unmet.find((u) => addedGroups.has(u.ticket_group_id));
  if (blocked) throw codeRequiredError(blocked);
}
