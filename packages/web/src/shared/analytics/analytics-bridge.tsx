import { CONFIG } from '@foyer/contracts/constants';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { configValue } from '../../config/config.js';
import { useAppConfig, useSeller } from '../../config/use-config.js';
import type { CartView } from '../cart/model.js';
import type { CartStore } from '../cart/store.js';
import { disableTagManager, enableTagManager, isTagManagerId, pushEcommerce } from './data-layer.js';
import { addedTicketIds, cartItems, ecommerceEvent } from './ecommerce.js';

const PURCHASED_KEY = 'foyer:analytics:purchased';

/**
 * Tag-manager analytics for the whole app (docs/events.md#tag-manager), on only with web.tag_manager_id: the
 * container script, add_to_cart from every cart change that adds tickets, begin_checkout on
 * entering checkout and purchase on the order-complete route (once per order). view_item is
 * pushed by the event page, remove_from_cart by the cart's remove action.
 */
export function AnalyticsBridge({ store }: { store: CartStore }) {
  const { entries } = useAppConfig();
  const { currency } = useSeller();
  const id = configValue(CONFIG.tagManagerId, entries);
  const on = isTagManagerId(id);
  const location = useLocation();
  // The last cart with tickets: what an order that just completed contained.
  const lastView = useRef<CartView | null>(store.getSnapshot().view);

  // The container reads the address (page_location) itself: never while it carries a key (an
  // order's is moved out before the app starts, main.tsx; a transfer-cart link's until it is used).
  const keyed = new URLSearchParams(location.search).has('key');
  useEffect(() => {
    if (!on || keyed) return;
    enableTagManager(id);
    return disableTagManager;
  }, [on, id, keyed]);

  useEffect(() => {
    let prev = store.getSnapshot();
    return store.subscribe(() => {
      const next = store.getSnapshot();
      const added = addedTicketIds(prev, next);
      if (next.view?.ticketCount) lastView.current = next.view;
      if (added.size && next.view) pushEcommerce(ecommerceEvent('add_to_cart', currency, cartItems(next.view, added)));
      prev = next;
    });
  }, [store, currency]);

  const view = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot).view;
  const checkoutVisit = useRef<string | null>(null);
  useEffect(() => {
    if (!on) return;
    const path = location.pathname;
    if (path === '/checkout/complete') {
      const orderIds = new URLSearchParams(location.search).get('orderIds');
      if (!orderIds || !lastView.current || alreadyPurchased(orderIds)) return;
      rememberPurchase(orderIds);
      pushEcommerce(ecommerceEvent('purchase', currency, cartItems(lastView.current), orderIds));
      return;
    }
    const atCheckout = path === '/checkout' || (path.startsWith('/checkout/') && !/^\/checkout\/(pending|tickets)\//.test(path));
    if (!atCheckout || !view?.ticketCount || checkoutVisit.current === location.key) return;
    checkoutVisit.current = location.key;
    pushEcommerce(ecommerceEvent('begin_checkout', currency, cartItems(view)));
  }, [on, location, view, currency]);

  return null;
}

function alreadyPurchased(orderIds: string): boolean {
  try {
    return (sessionStorage.getItem(PURCHASED_KEY) ?? '').split(' ').includes(orderIds);
  } catch {
    return false;
  }
}

function rememberPurchase(orderIds: string): void {
  try {
    sessionStorage.setItem(PURCHASED_KEY, `${sessionStorage.getItem(PURCHASED_KEY) ?? ''} ${orderIds}`.trim());
  } catch {
    /* storage unavailable: a reload may push it again */
  }
}
