// An order's manage-link key (docs/after-sale.md "Who may read or change an order"): in this tab, never in the address.
import { parseOrderIds } from '../../shared/orders/orders.js';

/**
 * The key of each order this tab opened from an e-mail link, and the one place every keyed read
 * and link takes it from. sessionStorage: this tab only (a reload keeps it, it goes with the tab),
 * never sent anywhere but our own API; storage switched off keeps it for this page load only.
 */
const slot = (orderId: string) => `foyer.manage-key.${orderId}`;
const memory = new Map<string, string>();
export const manageKeyStore = {
  read(orderId: string): string | null {
    try {
      return sessionStorage.getItem(slot(orderId)) ?? memory.get(orderId) ?? null;
    } catch {
      return memory.get(orderId) ?? null;
    }
  },
  write(orderId: string, key: string) {
    try {
      sessionStorage.setItem(slot(orderId), key);
    } catch {
      memory.set(orderId, key); // storage off: this page load keeps it
    }
  },
};

/** The key any of these orders was opened with (the complete page names several; an e-mail link one). */
export const manageKeyOf = (orderIds: readonly string[]): string | null => orderIds.map((id) => manageKeyStore.read(id)).find(Boolean) ?? null;

/** A path segment as the router's params give it (a malformed escape as it is). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The orders an order page's address names: /manage/{id}[/…], /checkout/tickets/{id}, /checkout/complete?orderIds=…. */
function orderIdsOf(pathname: string, search: URLSearchParams): string[] {
  const [, first, second, third] = pathname.split('/').map(decoded);
  if (first === 'manage' && second) return [second];
  if (first === 'checkout' && second === 'tickets' && third) return [third];
  if (first === 'checkout' && second === 'complete') return parseOrderIds(search);
  return [];
}

/**
 * An order page opened from an e-mail link (`?key=`): the key goes into this tab's store and the
 * address is given back without it — run before the app starts (main.tsx), so no tag manager,
 * third-party script, history entry or Referer ever sees it. Other addresses come back as they are
 * (a transfer-cart link's key is the cart's, used once on arrival).
 */
export function takeManageKey(address: string): string {
  const url = new URL(address, 'http://x');
  const key = url.searchParams.get('key');
  const orderIds = key ? orderIdsOf(url.pathname, url.searchParams) : [];
  if (!key || !orderIds.length) return address;
  for (const id of orderIds) manageKeyStore.write(id, key);
  // Every `key` parameter goes, however spelt (k%65y); the others stay as they were written.
  const rest = url.search.slice(1).split('&').filter((part) => part && !new URLSearchParams(part).has('key'));
  return url.pathname + (rest.length ? `?${rest.join('&')}` : '') + url.hash;
}
