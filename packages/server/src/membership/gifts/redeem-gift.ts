import { isGiftCodeShaped, normalizeGiftCode } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { claimGift, giftByCode } from './gift.repository.js';
import { giftCodeExpired, giftCodeInvalid, giftCodeRedeemed, giftExpired } from './gift-code-errors.js';

/** A held membership ticket's money columns, as a redeemed gift changes them. */
interface RedeemingTicket {
  id: string;
  face_value: number;
  fee_percent_outside: number;
}

/**
 * Reserving a membership with a gift code (001 §2 "Redeem membership"): the code is taken for this
 * ticket (a conditional update: of two carts redeeming it at once one wins, the other is told it has
 * been redeemed) and the ticket costs what the level costs beyond the gift's value — nothing for the
 * level given, the difference for an upgrade. The percentage fee follows the price. Returns the
 * gift's id and the ticket's new money columns.
 */
export async function redeemGiftForTicket(tx: Tx, input: { sellerId: string; code: string; ticket: RedeemingTicket; now: Date }) {
  const operation = 'reserve';
  if (!isGiftCodeShaped(input.code)) throw giftCodeInvalid(operation);
  const gift = await giftByCode(tx, input.sellerId, normalizeGiftCode(input.code));
  if (!gift) throw giftCodeInvalid(operation);
  const nowIso = input.now.toISOString();
  if (giftExpired(gift, nowIso)) throw giftCodeExpired(operation);
  if (gift.redeemed_at) throw giftCodeRedeemed(operation);
  if (!(await claimGift(tx, gift.id, input.ticket.id, nowIso))) throw giftCodeRedeemed(operation);

  const price = Math.max(0, input.ticket.face_value - gift.value);
  const fee = input.ticket.face_value > 0 ? Math.round((input.ticket.fee_percent_outside * price) / input.ticket.face_value) : 0;
  const money = { adjusted_value: price, fee_percent_outside: fee };
  await tx.updateTable('ticket').set(money).where('id', '=', input.ticket.id).execute();
  return { giftId: gift.id, money };
}
