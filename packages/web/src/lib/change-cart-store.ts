/** The change cart of an order being edited in this tab (docs/after-sale.md#how-a-change-works-server: a cart with an expiry means unsaved changes); a module of its own, so the payment-link page (transfer-cart) can hand it a staff move's change without the edit screens' code. */
const storeKey = (orderId: string) => `foyer.change-cart.${orderId}`;
export const changeCartStore = {
  read: (orderId: string): string | null => sessionStorage.getItem(storeKey(orderId)),
  write: (orderId: string, cartId: string) => sessionStorage.setItem(storeKey(orderId), cartId),
  clear: (orderId: string) => sessionStorage.removeItem(storeKey(orderId)),
};
