import type { TMemberInput } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import type { Viewer } from '../events/viewer.js';
import { detailsLockedError, memberDetailsLocked } from './member-details-lock.js';
import { namesOfAccount, namesOnCardsOfUser } from './member-details.repository.js';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * A locked member (docs/memberships.md "Locked member details") buying a new card set for itself —
 * after a lapse, or by redeeming a gift — names only the people already on its cards, as they are
 * written there (names and e-mail; letter case aside). Anyone else is refused before anything is held.
 */
export async function assertMembersOnRecord(tx: Tx, input: { sellerId: string; viewer: Viewer; members: TMemberInput[]; index: number }) {
  const userId = input.viewer.userId;
  if (!userId || !(await memberDetailsLocked(tx, input.sellerId, userId))) return;
  const cards = await namesOnCardsOfUser(tx, input.sellerId, userId);
  const account = await namesOfAccount(tx, userId);
  // An operator-added member has no card: its account's name is its record.
  const onRecord = cards.length ? cards : [account];
  for (const [i, m] of input.members.entries()) {
    const known = onRecord.some((c) => same(c.first_name, m.first_name) && same(c.last_name, m.last_name) && (!m.email?.trim() || same(c.email, m.email)));
    if (!known) throw detailsLockedError('reserve', { index: input.index, member: i });
  }
}
