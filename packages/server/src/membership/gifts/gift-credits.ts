import type { Tx } from '../../db/database.js';
import { redeemedGiftValues } from './gift.repository.js';

/**
 * What a redeemed gift code pays of each membership ticket redeeming it (its value, in minor units):
 * the cart's pricing starts from the face value less this credit, so promotions reprice on top of
 * it and never undo it. Only tickets with a membership handler are looked up.
 */
export async function giftCredits(tx: Tx, tickets: readonly { id: string; handler: string }[]): Promise<Map<string, number>> {
  const ids = tickets.filter((t) => t.handler === 'membership').map((t) => t.id);
  if (!ids.length) return new Map();
  const rows = await redeemedGiftValues(tx, ids);
  return new Map(rows.map((r) => [r.ticket_id, r.value]));
}
