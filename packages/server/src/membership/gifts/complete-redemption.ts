import type { Tx } from '../../db/database.js';
import { giverOfGift, markRedeemed, recordGiftOnSet, setOfMembership } from './gift.repository.js';
import { giftCodeRedeemed } from './gift-code-errors.js';

/**
 * Booking a membership paid with a gift code redeems the code, once: the conditional update fails
 * when another order redeemed it first (its hold was lost while this cart was expired), and then
 * the whole booking is refused rather than giving one gift twice. The cards record who gave them.
 */
export async function completeRedemption(tx: Tx, input: { giftId: string; ticketId: string; orderId: string; membershipId: string; now: Date }) {
  const nowIso = input.now.toISOString();
  if (!(await markRedeemed(tx, { ...input, nowIso }))) throw giftCodeRedeemed('pay');
  const gift = await giverOfGift(tx, input.giftId);
  const set = await setOfMembership(tx, input.membershipId);
  await recordGiftOnSet(tx, set.card_set_id, { giver_identity_id: gift.giver_identity_id, giftee_identity_id: set.identity_id, nowIso });
}
