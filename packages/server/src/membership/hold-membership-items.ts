import { GIFT_CODE_TEXT, MEMBERSHIP_TEXT, roleOutOfBounds, ZMembershipHandlerData, type TMemberInput, type TMembershipHandlerData } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import type { Viewer } from '../events/viewer.js';
import { AppError } from '../http/app-error.js';
import { renewalAllowed, renewalOpens, membershipStatus, type Level } from './levels.js';
import { loadLevels } from './load-levels.js';
import { insertItems, membershipById } from './membership.repository.js';
import { otherHeldTicket } from './membership-cart.repository.js';
import { redeemGiftForTicket } from './gifts/redeem-gift.js';
import { assertMembersOnRecord } from './members-on-record.js';
import { mustExist } from '../must-exist.js';

/** A membership ticket being held, with what the visitor sent for it. */
export interface HeldMembership {
  ticket: { id: string; ticket_type_id: string; handler: string };
  handlerData: Record<string, unknown> | null | undefined;
}

/**
 * Membership cart items (docs/memberships.md#2-buying): a membership ticket names its members (roles and counts
 * from the level, names, e-mails where the role asks) or the membership it renews. Buying again
 * while a membership is current renews it inside the renewal window and is refused outside it.
 * A gift names nobody (the redeemer will) and is bought on its own; a gift code pays for a new
 * membership or a renewal (issue 12).
 */
export async function holdMembershipItems(tx: Tx, input: { sellerId: string; cartId: string; viewer: Viewer; items: HeldMembership[]; now: Date }) {
  const items = input.items.filter((i) => i.ticket.handler === 'membership');
  if (!items.length) return;
  const levels = await loadLevels(tx, items.map((i) => i.ticket.ticket_type_id));
  const rows = [];
  for (const [index, item] of items.entries()) {
    const parsed = ZMembershipHandlerData.safeParse(item.handlerData ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(400, 'validation_failed', issue.message, 'reserve', { index, path: ['handler_data', ...issue.path].join('.') });
    }
    const level = mustExist(levels.get(item.ticket.ticket_type_id), `membership level ${item.ticket.ticket_type_id}`);
    const gift = parsed.data.gift;
    if (gift) {
      rows.push({ ticket_id: item.ticket.id, cart_id: input.cartId, renew_membership_id: null, members: '[]', gift: 1, email_giftee_on: gift.email_giftee_on ?? null });
      continue;
    }
    const renewId = parsed.data.renew_membership_id ?? (await ownCurrentSetToRenew(tx, input.viewer, input.now));
    if (renewId) await checkRenewal(tx, input.viewer, renewId, input.now);
    else {
      checkMembers(level, parsed.data, index);
      await assertMembersOnRecord(tx, { sellerId: input.sellerId, viewer: input.viewer, members: mustExist(parsed.data.members, 'members of a new membership'), index });
    }
    const redeemGiftId = parsed.data.redeem_code ? await redeemGiftForTicket(tx, { sellerId: input.sellerId, code: parsed.data.redeem_code, ticketId: item.ticket.id, now: input.now, source: parsed.data.redeem_code_source ?? null }) : null;
    rows.push({ ticket_id: item.ticket.id, cart_id: input.cartId, renew_membership_id: renewId, members: JSON.stringify(renewId ? [] : normalised(mustExist(parsed.data.members, 'members of a new membership'))), redeem_gift_id: redeemGiftId });
  }
  const giftTicketIds = rows.filter((r) => r.gift).map((r) => r.ticket_id);
  if (giftTicketIds.length) await assertGiftAlone(tx, input.cartId, giftTicketIds);
  await insertItems(tx, rows);
}

/** docs/memberships.md#7-gifts-of-membership: gifting requires an empty cart — the gift's giftee is the whole cart's. */
async function assertGiftAlone(tx: Tx, cartId: string, giftTicketIds: string[]) {
  const other = await otherHeldTicket(tx, cartId, giftTicketIds);
  if (other) throw new AppError(409, 'gift_requires_empty_cart', GIFT_CODE_TEXT.emptyCartFirst, 'reserve', { cart_id: cartId });
}

/** Buying for oneself while a membership is current: that membership is the one renewed. */
async function ownCurrentSetToRenew(tx: Tx, viewer: Viewer, now: Date): Promise<string | null> {
  const current = (viewer.memberships ?? []).find((m) => membershipStatus(m, now) === 'current');
  if (!current) return null;
  const full = mustExist(await membershipById(tx, current.id), `membership ${current.id}`);
  const level = mustExist((await loadLevels(tx, [full.ticket_type_id])).get(full.ticket_type_id), `membership level ${full.ticket_type_id}`);
  if (!renewalAllowed(full.valid_to, level.allowedPeriodDays, now)) {
    const from = renewalOpens(full.valid_to, level.allowedPeriodDays);
    throw new AppError(409, 'membership_exists', `${MEMBERSHIP_TEXT.alreadyMember} You can renew from ${from}.`, 'reserve', { membership_id: current.id, renew_from: from });
  }
  return current.id;
}

/** docs/memberships.md#5-renewal: only the owner renews, and only within the level's allowed_period before expiry. */
export async function checkRenewal(tx: Tx, viewer: Viewer, membershipId: string, now: Date) {
  const m = await membershipById(tx, membershipId);
  if (!m || !viewer.userId || m.user_id !== viewer.userId) throw new AppError(404, 'not_found', MEMBERSHIP_TEXT.noMembershipToRenew, 'reserve', { renew_membership_id: membershipId });
  const level = mustExist((await loadLevels(tx, [m.ticket_type_id])).get(m.ticket_type_id), `membership level ${m.ticket_type_id}`);
  if (!renewalAllowed(m.valid_to, level.allowedPeriodDays, now)) {
    const from = renewalOpens(m.valid_to, level.allowedPeriodDays);
    throw new AppError(409, 'renewal_not_allowed', `${MEMBERSHIP_TEXT.renewNotYet} You can renew from ${from}.`, 'reserve', { membership_id: m.id, renew_from: from });
  }
}

function checkMembers(level: Level, data: TMembershipHandlerData, index: number) {
  const members = mustExist(data.members, 'members of a new membership');
  const fail = (message: string, extra: Record<string, unknown> = {}) => new AppError(400, 'validation_failed', message, 'reserve', { index, ...extra });
  for (const [i, m] of members.entries()) {
    const role = level.roles.find((r) => r.role === m.role);
    if (!role) throw fail(MEMBERSHIP_TEXT.roleNotAllowed, { member: i, role: m.role });
    if (role.email_required && !m.email) throw fail(MEMBERSHIP_TEXT.emailRequired, { member: i, field: 'email' });
  }
  const off = roleOutOfBounds(level.roles, members);
  if (off) throw fail(`This level takes ${off.min === off.max ? off.min : `${off.min} to ${off.max}`} ${off.role} member(s).`, { role: off.role, min: off.min, max: off.max });
}

const normalised = (members: TMemberInput[]) => members.map((m) => ({ role: m.role, first_name: m.first_name, last_name: m.last_name, email: m.email?.trim() || null }));
