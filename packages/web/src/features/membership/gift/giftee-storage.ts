/**
 * 001 §3 local state `giftee`: who the gift in the cart is for, kept in the tab (sessionStorage)
 * from the gift page to the checkout, which names them on the cart (gift_checkout, or the guest
 * checkout's giftee). Tied to the cart it was made for, so a new cart never inherits it.
 */
export interface StoredGiftee {
  cartId: string;
  identityId: string;
  name: string;
  email: string;
}

const KEY = 'foyer.giftee';

export function saveGiftee(giftee: StoredGiftee) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(giftee));
  } catch {
    // Storage off (private mode): the checkout then asks the server, which refuses to pay without a giftee.
  }
}

export function readGiftee(cartId: string | null): StoredGiftee | null {
  if (!cartId) return null;
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as StoredGiftee | null;
    return value?.cartId === cartId ? value : null;
  } catch {
    return null;
  }
}

export function clearGiftee() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
