import { CONFIG, MEMBERSHIP_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { sellerConfigValue } from '../config/public.js';

/**
 * `membership.prevent_membership_updates` (docs/memberships.md "Locked member details"): when on, a
 * member — an account holding a card, current or lapsed, or an operator-given member id — cannot
 * change its names or e-mail, nor name other people on the cards it buys.
 */
export async function memberDetailsLocked(tx: Tx, sellerId: string, userId: string): Promise<boolean> {
  const setting = await sellerConfigValue(tx, sellerId, CONFIG.preventMembershipUpdates.namespace, CONFIG.preventMembershipUpdates.name);
  if (setting !== true && setting !== 'true') return false;
  const card = await tx.selectFrom('membership').select('id').where('seller_id', '=', sellerId).where('user_id', '=', userId).executeTakeFirst();
  if (card) return true;
  const account = await tx.selectFrom('user_account').select('scan_code').where('id', '=', userId).executeTakeFirst();
  return Boolean(account?.scan_code);
}

/** The refusal: 403 with the fields (or member) that would have changed; nothing is written. */
export const detailsLockedError = (context: string, extra: Record<string, unknown>) => new AppError(403, 'member_details_locked', MEMBERSHIP_TEXT.detailsLocked, context, extra);
