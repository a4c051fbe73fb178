import { useEffect } from 'react';
import type { CartView } from '../cart/model.js';
import type { EventDetail } from '../events/model.js';
import { pushEcommerce } from './data-layer.js';
import { cartItems, ecommerceEvent, eventItems } from './ecommerce.js';

/** remove_from_cart for tickets about to leave the cart (all of them when none are named). */
export function trackRemoveFromCart(view: CartView, ticketIds: readonly string[] | null, currency: string): void {
  pushEcommerce(ecommerceEvent('remove_from_cart', currency, cartItems(view, ticketIds ? new Set(ticketIds) : undefined)));
}

/** view_item once per event page shown. */
export function useTrackViewItem(detail: EventDetail, currency: string): void {
  useEffect(() => {
    pushEcommerce(ecommerceEvent('view_item', currency, eventItems(detail)));
    // Once per event (the page is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per event (the page is keyed by it)
  }, [detail.event.id]);
}
