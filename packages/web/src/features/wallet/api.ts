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

/** GET ticket_order/{id}/walletprecheck (001 §7): which wallets are offered for this order. Private: the owner's login or key. */
export function walletPrecheckQuery(orderId: string, manageKey?: string | null) {
  return queryOptions({
    queryKey: ['ticket_order', 'walletprecheck', orderId, manageKey ?? null] as const,
    queryFn: ({ signal }) => api.get<TWalletPrecheckDocument>(`ticket_order/${encodeURIComponent(orderId)}/walletprecheck`, { query: keyQuery(manageKey), signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The pass link the browser follows: Apple's .pkpass (Safari offers to add it) or the redirect to Google's save page. */
export function walletPassUrl(provider: WalletProvider, target: WalletTarget): string {
  const path = provider === 'apple' ? 'pkpass' : 'gwpass';
  const query = { ...keyQuery(target.manageKey), ticket_id: target.ticketId, membership_id: target.membershipId };
  return `/api/ticket_order/${encodeURIComponent(target.orderId)}/${path}${buildSearch({ query }, api.getSellerId())}`;
}
