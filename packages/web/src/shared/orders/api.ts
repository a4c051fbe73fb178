import type { TOrderDocument } from '@foyer/contracts';
import { api, buildSearch } from '../../api/client.js';

export const ORDER_EMBED = ['ticket.ticket_type', 'ticket.event_session', 'ticket.event_template', 'event_template.venue'] as const;

/**
 * GET ticket_order?id._in (docs/checkout.md#calls, the complete page): the orders this browser bought, or the one
 * an e-mail link's key opens. Through /api: orders are private (/cached_api reads no cookies).
 */
export function fetchOrders(ids: string[], key: string | null, signal?: AbortSignal): Promise<TOrderDocument> {
  return api.get<TOrderDocument>('ticket_order', { query: { 'id._in': ids, key }, embed: ORDER_EMBED, signal });
}

/** The order's QR image: the same access as reading it (the browser's cookies, or the key). */
export const qrCodeUrl = (orderId: string, key?: string | null) => `/api/ticket_order/${encodeURIComponent(orderId)}/qrcode${buildSearch({ query: { margin: 4, key } }, api.getSellerId())}`;
