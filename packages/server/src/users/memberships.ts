import { DEFAULT_MEMBER_ROLE, type TMembership } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { loadLevels } from '../membership/load-levels.js';
import { membershipOut } from '../membership/membership-out.js';
import { membershipsOfUser } from '../membership/public.js';
import type { UserRow } from './user.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * The user's memberships, as the login answer, GET my/user and GET my/membership carry them: the
 * member cards bought (newest term first), and — for a member an operator added by member id
 * (CLI `member add`) without a card — one card for that id, its term not tracked.
 */
export async function membershipsOf(db: Tx, user: UserRow, now: Date): Promise<TMembership[]> {
  const cards = await membershipsOfUser(db, user.seller_id, user.id);
  const levels = await loadLevels(db, cards.map((c) => c.ticket_type_id));
  const out = cards.map((c) => membershipOut(c, mustExist(levels.get(c.ticket_type_id), `membership level ${c.ticket_type_id}`), now));
  if (user.scan_code && !cards.some((c) => c.scan_code_key === user.scan_code_key)) out.push(operatorAddedCard(user, user.scan_code));
  return out;
}

export function operatorAddedCard(user: UserRow, scanCode: string): TMembership {
  return {
    id: user.id,
    scan_code: scanCode,
    role: DEFAULT_MEMBER_ROLE,
    auto_renew_state: 'none',
    valid_from: null,
    valid_to: null,
    member_event_purchase_limit: null,
    ticket_group_id: null,
    ticket_order_id: null,
    ticket_id: null,
    ticket_type_id: null,
    level_name: null,
    card_set_id: null,
    identity_id: user.identity_id,
    user_id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    status: 'current',
    renewal: null,
  };
}
