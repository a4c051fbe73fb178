import type { TGiftee } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { registerUser } from '../users/register-user.js';

/**
 * POST giftee (docs/memberships.md#7-gifts-of-membership): the person a gift is for, as a guest account (no password) like a guest
 * purchaser, so the gift's e-mails and a later login find them. A known e-mail is the same person.
 * The giver (`holderIdentityId`) may then name that identity in gift_checkout.
 */
export async function registerGiftee(db: Db, input: { sellerId: string; body: TGiftee; holderIdentityId?: string | null; ip: string; now: Date }): Promise<string> {
  try {
    const { user } = await registerUser(db, { sellerId: input.sellerId, body: { ...input.body }, holderIdentityId: input.holderIdentityId, ip: input.ip, now: input.now });
    return user.identity_id;
  } catch (error) {
    const existing = error instanceof AppError && error.code === 'email_in_use' ? (error.extra as { identity_id?: string } | null)?.identity_id : null;
    if (existing) return existing;
    throw error;
  }
}
