import type { TCartDocument, TCartModify } from '@foyer/contracts';
import { api } from '../../api/client.js';

/** The cart calls of docs/accounts.md#cookies (public identity: my/cart/…; the cookie rides along, same origin). */

/** What a modify may carry from the storefront (docs/cart.md#data cart modification payload). */
export type CartModifyBody = Partial<Pick<TCartModify, 'add' | 'remove' | 'additionalInfo' | 'campaign' | 'preReservePromoCodes' | 'preloadedPromoCodes'>>;

/** docs/cart.md#calls / docs/cart.md#limits: the cart is read with these embeds and a limit of 1000. */
export const CART_EMBED = ['identity', 'ticket.ticket_type', 'ticket.ticket_group', 'ticket.event_session', 'ticket.event_template', 'event_template.venue', 'seller'] as const;
export const CART_FETCH_LIMIT = 1000;

export function fetchCart(id: string, signal?: AbortSignal): Promise<TCartDocument> {
  return api.get<TCartDocument>(`my/cart/${encodeURIComponent(id)}`, { embed: CART_EMBED, limit: CART_FETCH_LIMIT, signal });
}

/** With a cart, changes post to its modify; without one, a new cart is created. */
export function modifyCart(id: string | null, body: CartModifyBody): Promise<TCartDocument> {
  const path = id ? `my/cart/${encodeURIComponent(id)}/modify` : 'my/cart/modify';
  return api.post<TCartDocument>(path, { add: [], ...body });
}

export function deleteCart(id: string): Promise<unknown> {
  return api.request(`my/cart/${encodeURIComponent(id)}`, { method: 'DELETE', query: { _all_tickets: true } });
}
