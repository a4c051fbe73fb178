import type { TMembership, TMemberRole } from '@foyer/contracts';
import { membershipStatus, renewalAllowed, renewalOpens, type Level } from './levels.js';
import type { MembershipWithLevel } from './membership.repository.js';

/** A card on the wire (docs/memberships.md#5-renewal), with its status and renewal window. */
export function membershipOut(m: MembershipWithLevel, level: Level, now: Date): TMembership {
  return {
    id: m.id,
    scan_code: m.scan_code,
    role: m.role as TMemberRole,
    auto_renew_state: m.auto_renew_state as TMembership['auto_renew_state'],
    valid_from: m.valid_from,
    valid_to: m.valid_to,
    member_event_purchase_limit: m.member_event_purchase_limit,
    ticket_group_id: m.ticket_group_id,
    ticket_order_id: m.ticket_order_id,
    ticket_id: m.ticket_id,
    ticket_type_id: m.ticket_type_id,
    level_name: m.level_name,
    card_set_id: m.card_set_id,
    identity_id: m.identity_id,
    user_id: m.user_id,
    first_name: m.first_name,
    last_name: m.last_name,
    email: m.email,
    status: membershipStatus(m, now),
    renewal: { allowed: renewalAllowed(m.valid_to, level.allowedPeriodDays, now), from: renewalOpens(m.valid_to, level.allowedPeriodDays) },
  };
}
