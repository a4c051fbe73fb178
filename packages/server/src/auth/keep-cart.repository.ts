import type { Tx } from '../db/database.js';

interface KeepInput {
  guestIdentityId: string;
  userIdentityId: string;
  now: Date;
}

/** Moves the guest's carts that are still pending and not expired (docs/accounts.md#web-screens: only pending carts are kept) to the user. */
function moveLiveCarts(db: Tx, input: KeepInput) {
  const nowIso = input.now.toISOString();
  return db
    .updateTable('cart')
    .set({ identity_id: input.userIdentityId, updated_at: nowIso })
    .where('identity_id', '=', input.guestIdentityId)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]));
}

/** On login with `cart_id`: that cart moves to the user's identity — only when the guest owns it and it is live. */
export async function keepGuestCart(db: Tx, input: KeepInput & { cartId: string }): Promise<boolean> {
  const result = await moveLiveCarts(db, input).where('id', '=', input.cartId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * On registration (logged in at once; POST user carries no cart id): every live cart of the
 * browser's guest identity becomes the new member's, so the visitor keeps what they chose.
 */
export async function keepGuestCarts(db: Tx, input: KeepInput): Promise<number> {
  const result = await moveLiveCarts(db, input).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
