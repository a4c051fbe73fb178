import { DEFAULT_MEMBER_ROLE, type TMemberRole } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';
import { readableCode } from '../readable-code.js';
import { scanCodeKey } from '../users/normalize.js';
import { updateUser, userByIdentity } from '../users/public.js';
import { termEnd } from './levels.js';
import { loadLevels } from './load-levels.js';
import { insertMemberships, membershipTicketsOfOrder } from './membership.repository.js';
import { renewMembership } from './renew-membership.js';
import { completeRedemption } from './gifts/complete-redemption.js';
import { issueMembershipGift } from './gifts/issue-membership-gift.js';
import { mustExist } from '../must-exist.js';

interface StoredMember {
  role: TMemberRole;
  first_name: string;
  last_name: string;
  email: string | null;
}

/** A member id: 10 characters a person can read out; unique per seller by index. */
export const newMemberId = () => readableCode(10);

/**
 * Booking a membership ticket creates its cards (docs/memberships.md#1-in-the-catalog, docs/memberships.md#2-buying), inside the booking transaction:
 * one membership per named member, valid for the level's term from today, owned by the buyer's
 * account (which becomes a member: its member id is the first card's). A renewal extends instead;
 * a gift issues its code instead (issue 12), and a gift code redeemed is marked so, once.
 */
export async function createMembershipsForOrder(tx: Tx, input: { cart: Selectable<CartTable>; orderId: string; now: Date }) {
  const tickets = await membershipTicketsOfOrder(tx, input.orderId);
  if (!tickets.length) return;
  const nowIso = input.now.toISOString();
  const ownerIdentity = input.cart.purchaser_identity_id ?? input.cart.identity_id;
  const owner = await userByIdentity(tx, ownerIdentity);
  const levels = await loadLevels(tx, tickets.map((t) => t.ticket_type_id));

  for (const ticket of tickets) {
    const level = mustExist(levels.get(ticket.ticket_type_id), `membership level ${ticket.ticket_type_id}`);
    if (ticket.gift) {
      await issueMembershipGift(tx, { cart: input.cart, orderId: input.orderId, ticket, now: input.now });
      continue;
    }
    if (ticket.renew_membership_id) {
      await renewMembership(tx, { membershipId: ticket.renew_membership_id, level, orderId: input.orderId, ticketId: ticket.id, now: input.now, autoRenew: input.cart.auto_renew === 1 });
      if (ticket.redeem_gift_id) await completeRedemption(tx, { giftId: ticket.redeem_gift_id, ticketId: ticket.id, orderId: input.orderId, membershipId: ticket.renew_membership_id, now: input.now });
      continue;
    }
    const named = ticket.members ? (JSON.parse(ticket.members) as StoredMember[]) : [];
    // A membership booked without names (a staff cart): one card in the buyer's name.
    const members = named.length ? named : [{ role: DEFAULT_MEMBER_ROLE, first_name: owner?.first_name ?? '', last_name: owner?.last_name ?? '', email: owner?.email ?? null }];
    const cardSetId = uuidv7();
    const validTo = termEnd(nowIso, level.termMonths);
    const rows = members.map((m, position) => {
      const scanCode = newMemberId();
      return {
        id: position === 0 ? cardSetId : uuidv7(),
        seller_id: input.cart.seller_id,
        card_set_id: cardSetId,
        position,
        scan_code: scanCode,
        scan_code_key: scanCodeKey(scanCode),
        role: m.role,
        ticket_type_id: ticket.ticket_type_id,
        ticket_group_id: ticket.ticket_group_id,
        ticket_order_id: input.orderId,
        ticket_id: ticket.id,
        user_id: owner?.id ?? null,
        identity_id: owner?.identity_id ?? ownerIdentity,
        first_name: m.first_name,
        last_name: m.last_name,
        email: m.email,
        valid_from: nowIso,
        valid_to: validTo,
        // Paid with auto_renew (docs/memberships.md#8-auto-renew): scheduled to renew on the saved card.
        auto_renew_state: input.cart.auto_renew ? 'scheduled' : 'none',
        member_event_purchase_limit: level.memberEventPurchaseLimit,
        giver_identity_id: null,
        giftee_identity_id: null,
        redeem_code_hash: null,
        redeemed_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
    });
    await insertMemberships(tx, rows);
    if (ticket.redeem_gift_id) await completeRedemption(tx, { giftId: ticket.redeem_gift_id, ticketId: ticket.id, orderId: input.orderId, membershipId: cardSetId, now: input.now });
    // The buyer's account becomes a member: its member id logs in with every scan-code method.
    if (owner && !owner.scan_code) {
      await updateUser(tx, owner.id, { scan_code: rows[0].scan_code, scan_code_key: rows[0].scan_code_key, updated_at: nowIso });
      owner.scan_code = rows[0].scan_code;
    }
  }
}
