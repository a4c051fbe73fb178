import type { Tx } from '../../db/database.js';

/**
 * What a redeemed gift code pays of each membership ticket redeeming it (its value, in minor units):
 * the cart's pricing starts from the face value less this credit, so promotions reprice on top of
 * it and never undo it. Only tickets with a membership handler are looked up.
 */
export async function giftCredits(tx: Tx, tickets: readonly { id: string; handler: string }[]): Promise<Map<string, number>> {
  const ids = tickets.filter((t) => t.handler === 'membership').map((t) => t.id);
  if (!ids.length) return new Map();
  const rows = await tx
    .selectFrom('membership_item')
    .innerJoin('membership_gift', 'membership_gift.id', 'membership_item.redeem_gift_id')
    .select(['membership_item.ticket_id', 'membership_gift.value'])
    .where('membership_item.ticket_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.ticket_id, r.value]));
}
