import { CONFIG, MEMBERSHIP_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { sellerConfigValue } from '../config/public.js';
import { anyCardOfUser, scanCodeOfAccount } from './member-details.repository.js';

/**
 * `membership.prevent_membership_updates` (docs/memberships.md "Locked member details"): when on, a
 * member — an account holding a card, current or lapsed, or an operator-given member id — cannot
 * change its names or e-mail, nor name other people on the cards it buys.
 */
export async function memberDetailsLocked(tx: Tx, sellerId: string, userId: string): Promise<boolean> {
  const setting = await sellerConfigValue(tx, sellerId, CONFIG.preventMembershipUpdates.namespace, CONFIG.preventMembershipUpdates.name);
  if (setting !== true && setting !== 'true') return false;
  const card = await anyCardOfUser(tx, sellerId, userId);
  if (card) return true;
  const account = await scanCodeOfAccount(tx, userId);
  return Boolean(account?.scan_code);
}

/** The refusal: 403 with the fields (or member) that would have changed; nothing is written. */
export const detailsLockedError = (context: string, extra: Record<string, unknown>) => new AppError(403, 'member_details_locked', MEMBERSHIP_TEXT.detailsLocked, context, extra);
