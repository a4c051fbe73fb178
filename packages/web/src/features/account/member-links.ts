import type { TCartDocument } from '@foyer/contracts';

/**
 * 000 §2: logged-out visitors see register and login links; a guest with a cart sees them only
 * when the cart is owned by a public identity (not, say, a cart made for a known customer).
 */
export function showLoginLinks(doc: TCartDocument | null): boolean {
  const identities = (doc as { identity?: { _data?: { ownedByPublicIdentity?: unknown }[] } } | null)?.identity?._data ?? [];
  const owner = identities[0];
  if (!owner || typeof owner.ownedByPublicIdentity !== 'boolean') return true;
  return owner.ownedByPublicIdentity;
}
