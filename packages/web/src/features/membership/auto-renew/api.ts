import type { TAutoRenewCancelled, TMembership, TResourceList, TSavedPaymentMethod } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';

/** The auto-renew calls (docs/memberships.md#8-auto-renew DELETE ticket_order/{id}/auto_renew, GET my/identity/saved_payment_method). */

/** The order's memberships with their auto_renew_state, by the buyer's login or the e-mail link's key. */
export function orderAutoRenewQuery(orderId: string, key: string | null) {
  return queryOptions({
    queryKey: ['ticket_order', 'detail', orderId, 'auto_renew', key] as const,
    queryFn: ({ signal }) => api.get<{ membership?: TResourceList<TMembership> }>(`ticket_order/${encodeURIComponent(orderId)}`, { embed: ['membership'], query: key ? { key } : {}, signal }),
    retry: false,
  });
}

export function cancelAutoRenew(orderId: string, key: string | null): Promise<TAutoRenewCancelled> {
  return api.request<TAutoRenewCancelled>(`ticket_order/${encodeURIComponent(orderId)}/auto_renew`, { method: 'DELETE', query: key ? { key } : {} });
}

export function savedPaymentMethodQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['saved_payment_method', 'mine'] as const,
    queryFn: ({ signal }) => api.get<{ saved_payment_method?: TResourceList<TSavedPaymentMethod> }>('my/identity/saved_payment_method', { signal }),
    enabled,
  });
}
