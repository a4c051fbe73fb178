import { useOptionalCart } from '../../shared/cart/cart-context.js';

/** The guest's current cart, sent with a login so the member keeps it (docs/accounts.md#members login payload cart_id). */
export function useCartIdForLogin(): string | null {
  return useOptionalCart()?.cartId ?? null;
}

export const withCart = (cartId: string | null): { cart_id?: string } => (cartId ? { cart_id: cartId } : {});
