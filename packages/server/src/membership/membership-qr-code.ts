import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { qrPng } from '../orders/qr-code.js';
import { membershipById } from './membership.repository.js';

/** A card's QR code (docs/memberships.md#2-buying: /api/membership/{id}/qrcode?margin=2): its member id; the owner's only. */
export async function membershipQrPng(db: Tx, input: { membershipId: string; userId: string; margin: number }): Promise<Buffer> {
  const card = input.membershipId.length <= 64 ? await membershipById(db, input.membershipId) : undefined;
  // Someone else's card answers like a missing one: ids are not confirmed to strangers.
  if (!card || card.user_id !== input.userId) throw new AppError(404, 'not_found', 'We could not find that membership.', 'membership');
  return qrPng(card.scan_code, { margin: input.margin, width: 320 });
}
