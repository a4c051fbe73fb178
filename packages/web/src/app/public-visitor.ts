import { api } from '../api/client.js';
import { hasSession } from '../features/account/session-cookie.js';
import { readCartId } from '../shared/cart/storage.js';

/**
 * Whether this browser sees the public page a server render draws: no session (a member's header
 * and pages differ) and no cart (the cart's button and the upsell listing differ). Only then is a
 * server-rendered page hydrated in place (main.tsx).
 */
export function isPublicVisitor(): boolean {
  return !hasSession() && !api.isViewerScoped() && readCartId(api.getSellerId()) === null;
}
