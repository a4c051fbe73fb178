import { api } from '../../api/client.js';
import type { TCartDocument } from '@foyer/contracts';
import { CART_EMBED, CART_FETCH_LIMIT } from '../../shared/cart/api.js';

/**
 * The payment link of a staff-created cart (/transfer-cart/{id}?key=…): the key makes this browser
 * the cart's owner — once; the server answers the cart. Its owner may call again without one.
 */
export function transferCart(cartId: string, key: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`my/cart/${encodeURIComponent(cartId)}/transfer`, { key }, { embed: CART_EMBED, limit: CART_FETCH_LIMIT });
}
