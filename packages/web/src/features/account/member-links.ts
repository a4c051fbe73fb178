import type { TCartDocument } from '@foyer/contracts';

/**
 * docs/accounts.md#web-screens: logged-out visitors see register and login links; a guest with a cart sees them only
 * when the cart is owned by a public identity (not, say, a cart made for a known customer).
 */
export function showLoginLinks(doc: TCartDocument | null): boolean {
  // Without the `identity` embed nothing is known about the owner: the links show.
  return doc?.identity?._data[0]?.ownedByPublicIdentity ?? true;
}
