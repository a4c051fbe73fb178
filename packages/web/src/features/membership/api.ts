import { queryOptions } from '@tanstack/react-query';
import type { TMemberAllowance, TMembership, TMembershipGift, TMembershipLevel, TResourceList } from '@foyer/contracts';
import { api } from '../../api/client.js';

/** The membership calls of docs/memberships.md#2-buying (schemas in packages/contracts/src/memberships.ts). */

/**
 * A membership card as the web reads it. Operator-added members carry no term, level or renewal
 * (the server sends null for those), so every one of them may be missing.
 */
export type MembershipCard = Omit<TMembership, 'valid_from' | 'valid_to' | 'ticket_type_id' | 'level_name' | 'card_set_id' | 'renewal'> & {
  valid_from: string | null;
  valid_to: string | null;
  ticket_type_id: string | null;
  level_name: string | null;
  card_set_id: string | null;
  renewal: { allowed: boolean; from: string } | null;
};

export interface TMyMembershipDocument {
  membership?: TResourceList<MembershipCard>;
  _total?: number;
}

/** GET membership_levels (cacheable): the levels on sale with their roles and terms. */
export function membershipLevelsQuery() {
  return queryOptions({
    queryKey: ['membership_level', 'list'] as const,
    queryFn: ({ signal }) => api.get<{ membership_level?: TResourceList<TMembershipLevel> }>('membership_levels', { cached: true, signal }),
    staleTime: 5 * 60_000,
  });
}

export const myMembershipKey = ['membership', 'list', 'mine'] as const;

/** GET my/membership: the viewer's cards, newest term first (members only; never cached publicly). */
export function myMembershipQuery(enabled: boolean) {
  return queryOptions({
    queryKey: myMembershipKey,
    queryFn: ({ signal }) => api.get<TMyMembershipDocument>('my/membership', { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * GET my/member_allowance?event_session_id=…: what remains of the viewer's member benefits for a
 * session. `version` (the cart's tickets in it) refetches after the cart changes.
 */
/** Without a session (quantity-first, before one is chosen) per-visit allowances answer their whole quantity. */
export function memberAllowanceQuery(sessionId: string | null, version: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['member_allowance', 'list', { event_session_id: sessionId, version }] as const,
    queryFn: ({ signal }) => api.get<{ member_allowance?: TResourceList<TMemberAllowance> }>('my/member_allowance', { query: sessionId ? { event_session_id: sessionId } : {}, signal }),
    enabled,
    staleTime: 0,
    retry: false,
    // The previous answer stands while the next one loads (no flicker of the limits).
    placeholderData: (previous) => previous,
  });
}

/** The cards an order created or renewed (GET ticket_order/{id}?_embed=membership; owner or the e-mail link's key only). */
export function orderMembershipsQuery(orderId: string, key?: string | null) {
  return queryOptions({
    queryKey: ['ticket_order', 'detail', orderId, { _embed: 'membership,membership_gift' }, key ?? null] as const,
    queryFn: ({ signal }) =>
      api.get<{ membership?: TResourceList<MembershipCard>; membership_gift?: TResourceList<TMembershipGift> }>(`ticket_order/${encodeURIComponent(orderId)}`, { embed: ['membership', 'membership_gift'], query: { key }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** docs/memberships.md#2-buying: the member card's QR image. */
export const membershipQrUrl = (membershipId: string) => `/api/membership/${encodeURIComponent(membershipId)}/qrcode?margin=2`;
