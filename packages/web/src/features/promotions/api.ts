import type { TCartDocument, TCodeLookupDocument } from '@foyer/contracts';
import { api } from '../../api/client.js';
import { CART_EMBED, CART_FETCH_LIMIT } from '../../shared/cart/api.js';

/** POST my/cart/{id}/apply_code (docs/promotions.md#applying-codes): the code on the cart, or off it; answers the cart priced again. */
export function applyCode(cartId: string, code: string, options: { requireBenefit?: boolean; remove?: boolean; handler?: 'zip' } = {}): Promise<TCartDocument> {
  const body = { code: code.trim(), ...(options.handler ? { handler: options.handler } : {}), ...(options.remove ? { remove: true } : { require_benefit: options.requireBenefit ?? true }) };
  return api.post<TCartDocument>(`my/cart/${encodeURIComponent(cartId)}/apply_code`, body, { embed: CART_EMBED, limit: CART_FETCH_LIMIT });
}

/** GET code/{code} (docs/promotions.md#cart-modifiers Code lookup): its dates and whether it is used up. */
export function lookupCode(code: string): Promise<TCodeLookupDocument> {
  return api.get<TCodeLookupDocument>(`code/${encodeURIComponent(code.trim())}`);
}
