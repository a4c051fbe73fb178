import { fromMinor, isGiftCodeShaped, normalizeGiftCode, REDEEM_LEVELS_MAX, type TGiftCodeLookup, type TRedeemLevel } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { typesByIds } from '../../events/public.js';
import { unitPrice } from '../../events/serialize.js';
import { membershipTypesOfSeller } from '../membership.repository.js';
import { giftByCode, givenLevelOfTicket } from './gift.repository.js';
import { giftCodeInvalid } from './gift-code-errors.js';

/**
 * GET membership_gift/{code} (docs/memberships.md#7-gifts-of-membership Code lookup, docs/memberships.md#7-gifts-of-membership Gift code): the code's validity and whether it
 * is exhausted — redeemed, or held by a live ticket of a cart redeeming it — and the levels it can
 * be redeemed for: at most 3, largest discount first (then cheapest), the discount being the gift's
 * value up to the level's price. Unknown or ill-formed codes are one 404, so a lookup tells a
 * guesser nothing more than "no".
 */
export async function lookupGiftCode(db: Tx, input: { sellerId: string; code: string }): Promise<TGiftCodeLookup> {
  if (!isGiftCodeShaped(input.code)) throw giftCodeInvalid('membership_gift');
  const gift = await giftByCode(db, input.sellerId, normalizeGiftCode(input.code));
  if (!gift) throw giftCodeInvalid('membership_gift');
  const given = await givenLevelOfTicket(db, gift.ticket_id);
  return {
    code: gift.code,
    valid_from: gift.valid_from,
    valid_to: gift.valid_to,
    // Every release of a ticket lets its gift go (releaseGiftHolds), so a holder is a live cart.
    exhausted: gift.redeemed_at !== null || gift.held_ticket_id !== null,
    ticket_type_id: gift.ticket_type_id,
    level_name: given.name,
    membership_event_id: given.event_template_id,
    levels: await redeemLevels(db, input.sellerId, gift.value),
  };
}

async function redeemLevels(db: Tx, sellerId: string, value: number): Promise<TRedeemLevel[]> {
  const types = await typesByIds(db, await membershipTypesOfSeller(db, sellerId));
  return types
    .map((t) => {
      const price = unitPrice(t);
      return { t, price, discount: Math.min(value, price) };
    })
    .sort((a, b) => b.discount - a.discount || a.price - b.price)
    .slice(0, REDEEM_LEVELS_MAX)
    .map(({ t, price, discount }) => ({ ticket_type_id: t.id, name: t.name, price: fromMinor(price), discount: fromMinor(discount), to_pay: fromMinor(price - discount) }));
}
