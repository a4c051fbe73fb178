import type { TMembership } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { loadLevels } from './load-levels.js';
import { membershipOut } from './membership-out.js';
import { membershipsOfOrders } from './membership.repository.js';
import { mustExist } from '../must-exist.js';

/** The order's `membership` embed (docs/memberships.md#5-renewal): the cards its membership tickets created or renewed. */
export async function orderMemberships(db: Tx, orderIds: string[], now: Date = new Date()): Promise<TMembership[]> {
  const cards = await membershipsOfOrders(db, orderIds);
  const levels = await loadLevels(db, cards.map((c) => c.ticket_type_id));
  return cards.map((c) => membershipOut(c, mustExist(levels.get(c.ticket_type_id), `membership level ${c.ticket_type_id}`), now));
}
