import { GIFT_TO_SELF } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { mayNameIdentity } from '../identity/public.js';
import { usersByIdentities } from '../users/public.js';
import { emailKey } from '../users/normalize.js';

const gifteeNotFound = (operation: string) =>
  new AppError(404, 'not_found', 'We could not find the person this gift is for. Please enter their details again.', operation, { field: 'giftee_identity_id' });

/**
 * The giftee a giver names (gift_checkout, or a guest's guest_checkout): only someone the caller
 * registered through POST giftee (an id alone would disclose a name and e-mail), and never the giver
 * — the same identity or the same e-mail (docs/memberships.md#7-gifts-of-membership "You cannot gift a membership to yourself…").
 */
export async function checkGiftee(db: Db, input: { sellerId: string; callerIdentityId: string; giverIdentityId: string; gifteeIdentityId: string; operation: string }) {
  if (!(await mayNameIdentity(db, input.callerIdentityId, input.gifteeIdentityId))) throw gifteeNotFound(input.operation);
  const accounts = await usersByIdentities(db, input.sellerId, [input.giverIdentityId, input.gifteeIdentityId]);
  const giver = accounts.find((a) => a.identity_id === input.giverIdentityId);
  const giftee = accounts.find((a) => a.identity_id === input.gifteeIdentityId);
  if (!giftee) throw gifteeNotFound(input.operation);
  if (giftee.identity_id === input.giverIdentityId || (giver && emailKey(giver.email) === emailKey(giftee.email))) {
    throw new AppError(400, 'validation_failed', GIFT_TO_SELF, input.operation, { field: 'giftee_identity_id' });
  }
}
