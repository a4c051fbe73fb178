import type { TMembershipGift } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { giftsOfOrders } from './gift.repository.js';
import { redeemPath } from './gift-mail.js';

/** The order's `membership_gift` embed: the codes it bought, for the giver to pass on (issue 12). */
export async function orderGifts(db: Tx, orderIds: string[]): Promise<TMembershipGift[]> {
  return (await giftsOfOrders(db, orderIds)).map((g) => ({
    id: g.id,
    code: g.code,
    ticket_type_id: g.ticket_type_id,
    level_name: g.level_name,
    ticket_order_id: g.ticket_order_id,
    valid_from: g.valid_from,
    valid_to: g.valid_to,
    giftee_name: [g.giftee_first_name, g.giftee_last_name].filter(Boolean).join(' ') || null,
    giftee_email: g.giftee_email,
    email_giftee_on: g.email_giftee_on,
    redeemed: g.redeemed_at !== null,
    redeem_path: redeemPath(g.code),
  }));
}
