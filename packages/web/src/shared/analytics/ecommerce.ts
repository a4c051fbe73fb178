import { toMinor } from '@foyer/contracts/constants';
import type { CartSnapshot } from '../cart/store.js';
import type { CartView } from '../cart/model.js';
import type { EventDetail } from '../events/model.js';

/**
 * Tag-manager e-commerce events (docs/events.md#tag-manager): add_to_cart, remove_from_cart, view_item,
 * begin_checkout and purchase, with their items in the GA4 shape. Pure: what to push; the pushing
 * is in dataLayer.ts.
 */
export type EcommerceEventName = 'add_to_cart' | 'remove_from_cart' | 'view_item' | 'begin_checkout' | 'purchase';

export interface GaItem {
  item_id: string;
  item_name: string;
  /** The event the ticket is for. */
  item_category: string;
  /** Its ticket group. */
  item_category2?: string;
  /** The session's start (ISO-8601 UTC) for dated tickets. */
  item_variant?: string;
  price: number;
  quantity: number;
}

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: { currency: string; value: number; items: GaItem[]; transaction_id?: string };
}

const amount = (decimal: string): number => toMinor(decimal) / 100;

/** Items of the cart's lines, counting only the given tickets when a set is passed. */
export function cartItems(view: CartView, ticketIds?: ReadonlySet<string>): GaItem[] {
  const items: GaItem[] = [];
  for (const section of view.sections) {
    for (const line of section.lines) {
      const quantity = ticketIds ? line.tickets.filter((t) => ticketIds.has(t.id)).length : line.quantity;
      if (!quantity) continue;
      const item: GaItem = {
        item_id: line.type?.id ?? line.tickets[0].ticket_type_id,
        item_name: line.name,
        item_category: section.event?.name ?? '',
        price: amount(line.unitPrice),
        quantity,
      };
      if (line.group) item.item_category2 = line.group.name;
      if (section.session && section.event?.event_type !== 'flexible') item.item_variant = section.session.start_datetime;
      items.push(item);
    }
  }
  return items;
}

/** The ticket types an event page offers (view_item), one of each at its price. */
export function eventItems(detail: Pick<EventDetail, 'event' | 'groups'>): GaItem[] {
  return detail.groups.flatMap(({ group, types }) =>
    types.map(({ type }) => ({
      item_id: type.id,
      item_name: type.name,
      item_category: detail.event.name,
      item_category2: group.name,
      price: amount(type.discounted_amount ?? type.currency_amount),
      quantity: 1,
    })),
  );
}

export function ecommerceEvent(event: EcommerceEventName, currency: string, items: GaItem[], transactionId?: string): EcommerceEvent {
  const minor = items.reduce((n, i) => n + Math.round(i.price * 100) * i.quantity, 0);
  return { event, ecommerce: { currency, value: minor / 100, items, ...(transactionId ? { transaction_id: transactionId } : {}) } };
}

/**
 * Tickets a cart change added: those of the new snapshot the previous one did not hold. Reading a
 * stored cart (same id, nothing shown before) adds nothing; a new cart adds all it holds.
 */
export function addedTicketIds(prev: Pick<CartSnapshot, 'cartId' | 'view'>, next: Pick<CartSnapshot, 'cartId' | 'view'>): Set<string> {
  const added = new Set<string>();
  if (!next.view || !next.cartId) return added;
  const isNewCart = prev.cartId === null;
  if (!prev.view && !isNewCart) return added;
  const before = new Set(prev.cartId === next.cartId ? (prev.view?.tickets.map((t) => t.id) ?? []) : []);
  if (prev.cartId !== next.cartId && !isNewCart) return added; // another cart taken over (another tab, a transfer)
  for (const t of next.view.tickets) if (!before.has(t.id)) added.add(t.id);
  return added;
}
