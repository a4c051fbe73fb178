import { MEMBERSHIP_TEXT } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { formatInZone } from '../time/venue-time.js';
import { ANONYMOUS, type Viewer, type ViewerMembership } from '../events/viewer.js';
import { viewerOfUser } from './resolve-viewer.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { membershipStatus } from './levels.js';
import { isBenefit, matchingRules, memberCatalog, type MemberCatalog, type MemberRule } from './member-catalog.js';
import { allowanceUsed, deleteTakes, giveBackAllowance, insertTakes, takeAllowance } from './membership.repository.js';
import { accountIdOfIdentity, cartOwners, ticketsForAllowance } from './membership-cart.repository.js';
import { mustExist } from '../must-exist.js';

/** A new held ticket as the allowance needs it; valid_from is its session's start. */
export interface BenefitTicket {
  id: string;
  ticket_type_id: string;
  ticket_group_id: string;
  event_session_id: string | null;
  valid_from: string | null;
}

/** The allowance holder of each current card set (its first card), newest term first. */
export function currentHolders(viewer: Viewer, now: Date): ViewerMembership[] {
  const seen = new Set<string>();
  return (viewer.memberships ?? []).filter((m) => membershipStatus(m, now) === 'current' && !seen.has(m.card_set_id) && (seen.add(m.card_set_id), true));
}

/** The counter a ticket takes from under a rule: the session, the venue-local day, or the term. */
export function periodKey(rule: MemberRule, holder: ViewerMembership, ticket: { event_session_id: string | null; valid_from: string | null }, timezone: string, now: Date): string {
  if (rule.period === 'per_membership') return `term:${holder.valid_to}`;
  if (rule.period === 'per_session' && ticket.event_session_id) return ticket.event_session_id;
  return formatInZone(ticket.valid_from ?? now.toISOString(), timezone, 'YYYY-MM-DD');
}

/**
 * Member benefits (docs/events.md#members-only-events): a ticket of a members-only group, or of a type a member rule
 * names, needs a current membership, and takes from every matching allowance of the member's
 * level — the type's own rule and the '*' pool — with ONE conditional update each (docs/architecture.md#inventory-never-oversell).
 * Refused with member_limit_exceeded beyond it; the caller's transaction then changes nothing.
 */
export async function takeMemberAllowances(tx: Tx, input: { sellerId: string; viewer: Viewer; tickets: BenefitTicket[]; now: Date; cache?: TtlCache }) {
  if (!input.tickets.length) return;
  const catalog = await memberCatalog(tx, input.sellerId, input.cache);
  const benefits = input.tickets.filter((t) => isBenefit(catalog, t));
  if (!benefits.length) return;
  if (!input.viewer.isMember) throw notMember(input.viewer);
  const holders = currentHolders(input.viewer, input.now);

  const takes = new Map<string, { holder: ViewerMembership; rule: MemberRule; periodKey: string; ticketIds: string[] }>();
  for (const ticket of benefits) {
    const holder = holders.find((h) => matchingRules(catalog, h.ticket_type_id, ticket.ticket_type_id).length) ?? holders.at(0);
    // An operator-added member (no card, no level): members-only tickets no rule names, nothing ruled.
    if (!holder) {
      if (catalog.ruledTypes.has(ticket.ticket_type_id)) throw limitExceeded(ticket, 0);
      continue;
    }
    checkTerm(catalog, holder, ticket);
    const rules = matchingRules(catalog, holder.ticket_type_id, ticket.ticket_type_id);
    // A type the rules give to other levels only: this level has none of it.
    if (!rules.length && catalog.ruledTypes.has(ticket.ticket_type_id)) throw limitExceeded(ticket, 0);
    for (const rule of [...rules, ...eventPurchaseLimit(catalog, holder, ticket)]) {
      const key = rule.id === EVENT_PURCHASE_LIMIT ? eventLimitKey(catalog, holder, ticket.ticket_group_id) : periodKey(rule, holder, ticket, catalog.timezone, input.now);
      const id = `${holder.id}|${rule.id}|${key}`;
      const entry = takes.get(id) ?? { holder, rule, periodKey: key, ticketIds: [] };
      entry.ticketIds.push(ticket.id);
      takes.set(id, entry);
    }
  }
  // A fixed order, so concurrent reservations never deadlock.
  for (const [, take] of [...takes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const key = { membershipId: take.holder.id, ruleId: take.rule.id, periodKey: take.periodKey };
    if (await takeAllowance(tx, key, take.ticketIds.length, take.rule.quantity)) continue;
    const used = (await allowanceUsed(tx, [take.holder.id])).find((u) => u.membership_rule_id === take.rule.id && u.period_key === take.periodKey)?.used ?? 0;
    throw limitExceeded(mustExist(benefits.find((t) => t.id === take.ticketIds[0]), `ticket ${take.ticketIds[0]}`), Math.max(0, take.rule.quantity - used));
  }
  await insertTakes(
    tx,
    [...takes.values()].flatMap((t) => t.ticketIds.map((ticketId) => ({ id: uuidv7(), ticket_id: ticketId, membership_id: t.holder.id, membership_rule_id: t.rule.id, period_key: t.periodKey }))),
  );
}

/** The usage counter of member_event_purchase_limit; no catalog rule has this id. */
export const EVENT_PURCHASE_LIMIT = 'member_event_purchase_limit';

/**
 * member_event_purchase_limit (docs/memberships.md#1-in-the-catalog): a card set holds and books at most this many member
 * tickets of one members-only event per term — a pseudo-rule counted and given back like an
 * allowance (its usage key names the event and the term).
 */
export function eventPurchaseLimit(catalog: MemberCatalog, holder: ViewerMembership, ticket: { ticket_group_id: string }): MemberRule[] {
  const limit = holder.member_event_purchase_limit;
  if (limit === null || !catalog.memberEventGroups.has(ticket.ticket_group_id)) return [];
  return [{ id: EVENT_PURCHASE_LIMIT, seller_id: '', catalog_key: EVENT_PURCHASE_LIMIT, membership_ticket_type_id: holder.ticket_type_id, ticket_type_id: '*', quantity: limit, period: 'per_membership' }];
}

export function eventLimitKey(catalog: MemberCatalog, holder: ViewerMembership, groupId: string): string {
  return `event:${catalog.memberEventGroups.get(groupId)}|term:${holder.valid_to}`;
}

/** Released tickets give back what they took, once (their take rows are deleted as they are read). */
export async function releaseMemberAllowances(tx: Tx, ticketIds: string[]) {
  if (!ticketIds.length) return;
  const taken = await deleteTakes(tx, ticketIds);
  const counts = new Map<string, number>();
  for (const t of taken) {
    const id = `${t.membership_id}|${t.membership_rule_id}|${t.period_key}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const [id, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [membershipId, ruleId, ...rest] = id.split('|');
    await giveBackAllowance(tx, { membershipId, ruleId, periodKey: rest.join('|') }, n);
  }
}

/** A lapsed member asks for members-only tickets (docs/events.md#members-only-events: the expired-membership message). */
export const membershipExpired = (index?: number) => new AppError(403, 'membership_expired', MEMBERSHIP_TEXT.membershipExpired, 'reserve', index === undefined ? null : { index });

function notMember(viewer: Viewer): AppError {
  return viewer.lapsed ? membershipExpired() : new AppError(403, 'membership_required', MEMBERSHIP_TEXT.membersOnly, 'reserve');
}

function limitExceeded(ticket: BenefitTicket, remaining: number): AppError {
  return new AppError(409, 'member_limit_exceeded', MEMBERSHIP_TEXT.memberLimitExceeded, 'reserve', {
    ticket_type_id: ticket.ticket_type_id,
    event_session_id: ticket.event_session_id,
    remaining,
  });
}

/** member_reserve_session_beyond_term (docs/memberships.md#configuration): a session after the membership ends. */
function checkTerm(catalog: MemberCatalog, holder: ViewerMembership, ticket: BenefitTicket) {
  if (!ticket.valid_from || ticket.valid_from < holder.valid_to) return;
  if (catalog.beyondTerm === 'always') return;
  if (catalog.beyondTerm === 'if_autorenew' && holder.auto_renew_state === 'scheduled') return;
  throw new AppError(409, 'membership_beyond_term', MEMBERSHIP_TEXT.beyondTerm, 'reserve', { event_session_id: ticket.event_session_id, valid_to: holder.valid_to });
}

/**
 * A payment that completed after its hold expired (payments/rehold-tickets.ts): the released
 * tickets take their member allowances again, as the cart's owner. False when any is gone.
 */
export async function retakeMemberAllowances(tx: Tx, input: { cartId: string; ticketIds: string[]; now: Date }): Promise<boolean> {
  const cart = await cartOwners(tx, input.cartId);
  if (!cart) return false;
  const tickets = await ticketsForAllowance(tx, input.ticketIds);
  const owner = await accountIdOfIdentity(tx, cart.identity_id);
  const viewer = owner ? await viewerOfUser(tx, cart.seller_id, owner.id, input.now) : ANONYMOUS;
  try {
    await takeMemberAllowances(tx, { sellerId: cart.seller_id, viewer, tickets, now: input.now });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
