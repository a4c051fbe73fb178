/** A card as the viewer carries it (membership/membership.repository.ts MembershipRow). */
export interface ViewerMembership {
  id: string;
  card_set_id: string;
  position: number;
  ticket_type_id: string;
  valid_from: string;
  valid_to: string;
  auto_renew_state: string;
  /** At most this many tickets per members-only event for the card set (docs/events.md#members-only-events); null = no limit. */
  member_event_purchase_limit: number | null;
}

/** Who is looking: decides what members-only content is visible (docs/events.md#members-only-events). */
export interface Viewer {
  isMember: boolean;
  /** Memberships were bought, none is current (docs/events.md#members-only-events: the expired-membership message). */
  lapsed?: boolean;
  userId?: string;
  /** The user's cards, newest term first (membership/resolve-viewer.ts). */
  memberships?: readonly ViewerMembership[];
}

export const ANONYMOUS: Viewer = { isMember: false };

export function canSee(viewer: Viewer, hiddenType: string): boolean {
  return hiddenType !== 'public_member_only' || viewer.isMember;
}
