/**
 * A value the tab keeps for one cart (docs/memberships.md#8-auto-renew local state: giftee, autoRenewMembership), from the
 * page that adds to the cart to the checkout that sends it. sessionStorage: gone with the tab, and
 * tied to the cart it was made for, so a new cart never inherits it. Storage switched off (private
 * mode) keeps nothing; the server then treats the cart as without it.
 */
export function cartTabState<T>(key: string) {
  return {
    save: (cartId: string, value: T) => {
      try {
        sessionStorage.setItem(key, JSON.stringify({ cartId, value }));
      } catch {
        // storage off: nothing kept
      }
    },
    read: (cartId: string | null): T | null => {
      if (!cartId) return null;
      try {
        const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { cartId: string; value: T } | null;
        return stored?.cartId === cartId ? stored.value : null;
      } catch {
        return null;
      }
    },
    clear: () => {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // nothing stored
      }
    },
  };
}
