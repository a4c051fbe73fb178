import type { Db } from '../db/database.js';
import type { UserRow } from '../users/public.js';
import { keepGuestCart } from './keep-cart.repository.js';
import { deleteSession } from './session.repository.js';
import { startSession } from './sessions.js';

export interface BeginSessionInput {
  user: UserRow;
  /** The session being replaced, if someone was logged in. */
  previousSessionId: string | null;
  /** The guest's cart to keep (docs/accounts.md#members login payload cart_id) and the guest identity owning it. */
  cartId?: string | null;
  guestIdentityId: string | null;
  now: Date;
}

export interface BegunSession {
  user: UserRow;
  token: string;
  expiresAt: string;
  /** The kept cart's id, or null when none was kept. */
  cartId: string | null;
}

/**
 * Every way of logging in ends here, in one transaction: the previous session goes, a new one
 * starts, and the guest's pending cart moves to the member (docs/accounts.md#web-screens: only pending carts are kept).
 */
export function beginSession(db: Db, input: BeginSessionInput): Promise<BegunSession> {
  return db.transaction().execute(async (tx) => {
    if (input.previousSessionId) await deleteSession(tx, input.previousSessionId);
    const session = await startSession(tx, { userId: input.user.id, identityId: input.user.identity_id, now: input.now });
    let cartId: string | null = null;
    if (input.cartId && input.guestIdentityId) {
      const kept = await keepGuestCart(tx, { cartId: input.cartId, guestIdentityId: input.guestIdentityId, userIdentityId: input.user.identity_id, now: input.now });
      if (kept) cartId = input.cartId;
    }
    return { user: input.user, token: session.token, expiresAt: session.expiresAt, cartId };
  });
}
