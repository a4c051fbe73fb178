import type { TCartDocument, TConfigEntry, TDocument, TOrderDocument, TPayAnswer, TReserveTicket, TTicketTypesRequired } from '@foyer/contracts';
import { SELF_EDIT_RULES_KEY, toMinor } from '@foyer/contracts/constants';
import { parseSelfEditRules, type SelfEditRules } from '@foyer/contracts/rules';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api, isApiError } from '../../../api/client.js';
import { configValue } from '../../../config/config.js';
import { ORDER_EMBED } from '../../../shared/orders/api.js';

/** The seller's self-edit rules (web.self_edit_rules, docs/after-sale.md#who-may-read-or-change-an-order); null: the cancel-free-order screen. */
export function selfEditRules(entries: readonly TConfigEntry[]): SelfEditRules | null {
  return parseSelfEditRules(configValue(SELF_EDIT_RULES_KEY, entries));
}

/** GET ticket_order/{id} for the edit screen (docs/after-sale.md#how-a-change-works-server: uncached), with the tickets being changed and the cancelled ones. */
export function editOrderQuery(orderId: string, key: string | null) {
  return queryOptions({
    queryKey: ['ticket_order', 'detail', orderId, 'edit', key] as const,
    queryFn: ({ signal }) =>
      api.get<TOrderDocument>(`ticket_order/${encodeURIComponent(orderId)}`, { embed: ORDER_EMBED, query: { ...(key ? { key } : {}), 'ticket.state._in': 'booked,redeemed,in_cart,cancelled' }, signal }),
    retry: false,
  });
}

export { changeCartStore } from '../../../lib/change-cart-store.js';
import { changeCartStore } from '../../../lib/change-cart-store.js';

const CART_EMBED = ['ticket', 'ticket.ticket_type', 'ticket.event_session', 'ticket.event_template', 'event_template.venue'] as const;

export function changeCartQuery(cartId: string | null) {
  return queryOptions({
    queryKey: ['cart', 'detail', cartId, 'change'] as const,
    queryFn: cartId === null ? skipToken : ({ signal }) => api.get<TCartDocument>(`cart/${encodeURIComponent(cartId)}`, { embed: CART_EMBED, signal }),
    retry: false,
  });
}

/**
 * POST cart/{cartId}/modify (docs/after-sale.md#how-a-change-works-server): remove old tickets and add new ones in one call; the first
 * change of an order creates its change cart (ticket_order_id, with the manage link's key).
 */
export async function modifyChange(orderId: string, key: string | null, remove: string[], add: TReserveTicket[]): Promise<TCartDocument> {
  const cartId = changeCartStore.read(orderId);
  // Only removing from an existing change cart: POST cart/{cartId}/remove (docs/after-sale.md#how-a-change-works-server).
  const doc = cartId
    ? add.length
      ? await api.post<TCartDocument>(`cart/${encodeURIComponent(cartId)}/modify`, { remove, add }, { embed: CART_EMBED })
      : await api.post<TCartDocument>(`cart/${encodeURIComponent(cartId)}/remove`, { tickets: remove }, { embed: CART_EMBED })
    : await api.post<TCartDocument>('cart/modify', { ticket_order_id: orderId, remove, add }, { embed: CART_EMBED, query: key ? { key } : {} });
  const id = doc.cart._data.at(0)?.id;
  if (id) changeCartStore.write(orderId, id);
  return doc;
}

/** DELETE cart/{cartId}: discard the changes (docs/after-sale.md#errors: incorrect_cart_state and a gone cart are ignored). */
export async function discardChange(orderId: string): Promise<void> {
  const cartId = changeCartStore.read(orderId);
  changeCartStore.clear(orderId);
  if (!cartId) return;
  try {
    await api.request(`cart/${encodeURIComponent(cartId)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(isApiError(error) && (error.status === 404 || error.code === 'incorrect_cart_state'))) throw error;
  }
}

/** POST cart/{id}/guest_checkout with gateway "free" (docs/after-sale.md#how-a-change-works-server): Confirm Changes with nothing to pay. */
export function confirmFreeChange(cartId: string): Promise<TPayAnswer> {
  return api.post<TPayAnswer>(`cart/${encodeURIComponent(cartId)}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
}

/**
 * POST events/{id}/pricecheck (docs/after-sale.md#how-a-change-works-server): today's prices of the types being moved, so the reschedule
 * page can warn of a dearer change before Update (docs/after-sale.md#screens). Uncached: prices may have changed since
 * the sale, which is the point.
 */
export function priceCheckQuery(eventId: string, required: TTicketTypesRequired) {
  return queryOptions({
    queryKey: ['ticket_type', 'pricecheck', eventId, required] as const,
    queryFn: ({ signal }) => api.post<TDocument>(`events/${encodeURIComponent(eventId)}/pricecheck`, required, { signal }),
    enabled: !!eventId && required.ticket_types_required.length > 0,
    staleTime: 60_000,
  });
}

/** What the moved tickets cost more at today's prices than was paid for them (minor units; 0 when not dearer). */
export function priceIncreaseMinor(doc: TDocument | undefined, moved: readonly { ticket_type_id: string; adjusted_value: string }[]): number {
  const types = (doc?.ticket_type as { _data?: { id: string; currency_amount: string; discounted_amount: string | null }[] } | undefined)?._data ?? [];
  let difference = 0;
  for (const ticket of moved) {
    const type = types.find((t) => t.id === ticket.ticket_type_id);
    if (!type) return 0;
    difference += toMinor(type.discounted_amount ?? type.currency_amount) - toMinor(ticket.adjusted_value);
  }
  return Math.max(0, difference);
}

/** docs/after-sale.md#errors Reschedule: errors that send the buyer back to start again (a restart link). */
export const RESTART_CODES = new Set(['cart_expired', 'tickets_too_old', 'ticket_state_incorrect', 'ticket_not_found']);

/** The manage page's address (never with the manage link's key: pages take it from manage-key.ts). */
export const managePath = (orderId: string, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams(extra).toString();
  return `/manage/${encodeURIComponent(orderId)}${q ? `?${q}` : ''}`;
};

/** /manage/{orderId}/confirm (paying a change). */
export const confirmPath = (orderId: string) => `${managePath(orderId)}/confirm`;

/** /manage/{orderId}/reschedule/{sessionId}. */
export const reschedulePath = (orderId: string, sessionId: string) => `${managePath(orderId)}/reschedule/${encodeURIComponent(sessionId)}`;
