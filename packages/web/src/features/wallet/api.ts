import type { TWalletPrecheckDocument } from '@foyer/contracts';
import type { WalletProvider } from '@foyer/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { api, buildSearch } from '../../api/client.js';

/** Which passes: the order's manage key (when opened from the e-mail), one ticket or one member card (neither: all of the order's). */
export interface WalletTarget {
  orderId: string;
  manageKey?: string | null;
  ticketId?: string;
  membershipId?: string;
}

const keyQuery = (key?: string | null) => (key ? { key } : {});

const passQuery = (target: WalletTarget) => ({ ...keyQuery(target.manageKey), ticket_id: target.ticketId, membership_id: target.membershipId });

/**
 * GET ticket_order/{id}/walletprecheck (docs/wallet-passes.md#calls): which wallets are offered for this order (or its
 * ticket or card). Private: the owner's login or key, or the member's login for their own card.
 */
export function walletPrecheckQuery(target: WalletTarget) {
  const query = passQuery(target);
  return queryOptions({
    queryKey: ['ticket_order', 'walletprecheck', target.orderId, query] as const,
    queryFn: ({ signal }) => api.get<TWalletPrecheckDocument>(`ticket_order/${encodeURIComponent(target.orderId)}/walletprecheck`, { query, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The pass link the browser follows: Apple's .pkpass (Safari offers to add it) or the redirect to Google's save page. */
export function walletPassUrl(provider: WalletProvider, target: WalletTarget): string {
  const path = provider === 'apple' ? 'pkpass' : 'gwpass';
  return `/api/ticket_order/${encodeURIComponent(target.orderId)}/${path}${buildSearch({ query: passQuery(target) }, api.getSellerId())}`;
}
