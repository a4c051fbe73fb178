import type { Tx } from '../db/database.js';

/**
 * On login with `cart_id`: the guest's cart moves to the user's identity — only when the guest
 * owns it and it is still pending and not expired (000 §4: only pending carts are kept).
 */
export async function keepGuestCart(db: Tx, input: { cartId: string; guestIdentityId: string; userIdentityId: string; now: Date }): Promise<boolean> {
  const nowIso = input.now.toISOString();
  const result = await db
    .updateTable('cart')
    .set({ identity_id: input.userIdentityId, updated_at: nowIso })
    .where('id', '=', input.cartId)
    .where('identity_id', '=', input.guestIdentityId)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
