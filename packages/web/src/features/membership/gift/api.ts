import type { TCartDocument, TGiftCodeLookup } from '@foyer/contracts';
import { api } from '../../../api/client.js';

/** The gift-of-membership calls (docs/memberships.md#7-gifts-of-membership POST giftee, docs/memberships.md#7-gifts-of-membership gift_checkout, GET membership_gift/{code}). */

export async function registerGiftee(body: { first_name: string; last_name: string; email: string }): Promise<string> {
  const doc = await api.post<{ identity_id: string }>('giftee', body);
  return doc.identity_id;
}

/** A logged-in giver names the giftee on the cart (and buys as themselves). */
export function giftCheckout(cartId: string, gifteeIdentityId: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`my/cart/${encodeURIComponent(cartId)}/gift_checkout`, { giftee_identity_id: gifteeIdentityId, send_email: true });
}

/** GET membership_gift/{code}: validity, exhausted, and the levels the code buys. Unknown codes are a 404. */
export function lookupGiftCode(code: string, signal?: AbortSignal): Promise<TGiftCodeLookup> {
  return api.get<TGiftCodeLookup>(`membership_gift/${encodeURIComponent(code)}`, { signal });
}
