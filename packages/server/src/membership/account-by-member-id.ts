import type { Tx } from '../db/database.js';
import { userById, userByScanCodeKey, type UserRow } from '../users/public.js';
import { membershipByScanCodeKey } from './membership.repository.js';

/**
 * The account a member id logs in to (docs/memberships.md#2-buying scan-code methods): the account's own member id, or
 * any card it owns — a Dual membership's second card logs in to the buyer's account.
 */
export async function accountByMemberId(db: Tx, sellerId: string, key: string): Promise<UserRow | undefined> {
  const user = await userByScanCodeKey(db, sellerId, key);
  if (user) return user;
  const card = await membershipByScanCodeKey(db, sellerId, key);
  return card?.user_id ? userById(db, card.user_id) : undefined;
}
