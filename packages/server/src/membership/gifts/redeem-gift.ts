import { isGiftCodeShaped, normalizeGiftCode } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { claimGift, giftByCode } from './gift.repository.js';
import { giftCodeExpired, giftCodeInvalid, giftCodeRedeemed, giftExpired } from './gift-code-errors.js';

/**
 * Reserving a membership with a gift code (docs/memberships.md#7-gifts-of-membership "Redeem membership"): the code is taken for this
 * ticket by a conditional update — of two carts redeeming it at once one wins, the other is told it
 * has been redeemed. The price follows from the cart's pricing (promotions/reprice-cart.ts), which
 * counts the gift's value as a credit on the ticket (gift-credits.ts). Returns the gift's id.
 */
export async function redeemGiftForTicket(tx: Tx, input: { sellerId: string; code: string; ticketId: string; now: Date; source?: string | null }): Promise<string> {
  const operation = 'reserve';
  if (!isGiftCodeShaped(input.code)) throw giftCodeInvalid(operation);
  const gift = await giftByCode(tx, input.sellerId, normalizeGiftCode(input.code));
  if (!gift) throw giftCodeInvalid(operation);
  const nowIso = input.now.toISOString();
  if (giftExpired(gift, nowIso)) throw giftCodeExpired(operation);
  if (gift.redeemed_at) throw giftCodeRedeemed(operation);
  if (!(await claimGift(tx, gift.id, input.ticketId, nowIso, input.source ?? null))) throw giftCodeRedeemed(operation);
  return gift.id;
}
