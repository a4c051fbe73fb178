import type { TCancelAnswer, TOrderDocument } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { ORDER_EMBED } from '../../shared/orders/api.js';

/** GET ticket_order/{id}: the buyer's own order (their identity, or the e-mail's manage-link key) with what its tickets are for. */
export function manageOrderQuery(orderId: string, key: string | null) {
  return queryOptions({
    queryKey: ['ticket_order', 'detail', orderId, 'manage', key] as const,
    queryFn: ({ signal }) => api.get<TOrderDocument>(`ticket_order/${encodeURIComponent(orderId)}`, { embed: [...ORDER_EMBED, 'scheduled_payment'], query: key ? { key } : {}, signal }),
    retry: false,
  });
}

/** POST ticket_order/{id}/cancel (docs/after-sale.md#how-a-change-works-server): the free tickets to cancel. */
export function cancelTickets(orderId: string, key: string | null, ticketIds: string[]): Promise<TCancelAnswer> {
  return api.post(`ticket_order/${encodeURIComponent(orderId)}/cancel`, { tickets: ticketIds.map((ticket_id) => ({ ticket_id })) }, { query: key ? { key } : {} });
}

/** GET my/ticket_order: the logged-in user's recent orders, newest first (private). */
export function myOrdersQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['ticket_order', 'mine'] as const,
    queryFn: ({ signal }) => api.get<TOrderDocument>('my/ticket_order', { embed: ORDER_EMBED, signal }),
    enabled,
    retry: false,
  });
}
