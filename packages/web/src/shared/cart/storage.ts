/** The cart id survives reloads in localStorage, one per seller (docs/cart.md#data local client state). */
const PREFIX = 'foyer:cart:';

function key(sellerId: string | null): string {
  return `${PREFIX}${sellerId ?? 'default'}`;
}

export function readCartId(sellerId: string | null): string | null {
  try {
    return localStorage.getItem(key(sellerId)) || null;
  } catch {
    return null;
  }
}

export function writeCartId(sellerId: string | null, cartId: string | null): void {
  try {
    if (cartId) localStorage.setItem(key(sellerId), cartId);
    else localStorage.removeItem(key(sellerId));
  } catch {
    /* storage unavailable (private mode): the cart lives for this page only */
  }
}
