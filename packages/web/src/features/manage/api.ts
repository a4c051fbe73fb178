import type { TCancelAnswer, TOrderDocument } from '@foyer/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { ORDER_EMBED } from '../checkout/api.js';

/** GET ticket_order/{id}: the buyer's own order with what its tickets are for (private, no-store). */
export function manageOrderQuery(orderId: string) {
  return queryOptions({
    queryKey: ['ticket_order', 'detail', orderId, 'manage'] as const,
    queryFn: ({ signal }) => api.get<TOrderDocument>(`ticket_order/${encodeURIComponent(orderId)}`, { embed: ORDER_EMBED, signal }),
    retry: false,
  });
}

/** POST ticket_order/{id}/cancel (001 §7): the free tickets to cancel. */
export function cancelTickets(orderId: string, ticketIds: string[]): Promise<TCancelAnswer> {
  return api.post(`ticket_order/${encodeURIComponent(orderId)}/cancel`, { tickets: ticketIds.map((ticket_id) => ({ ticket_id })) });
}
