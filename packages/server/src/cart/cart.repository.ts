import type { Tx } from '../db/database.js';

export function cartById(db: Tx, id: string) {
  return db.selectFrom('cart').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The cart with its owner's identity kind ('public' or 'user'), for refusals that name a member's cart. */
export function cartWithOwnerKind(db: Tx, id: string) {
  return db.selectFrom('cart').leftJoin('identity', 'identity.id', 'cart.identity_id').selectAll('cart').select('identity.kind as owner_kind').where('cart.id', '=', id).executeTakeFirst();
}

export function heldTicketsOfCart(db: Tx, cartId: string) {
  return db.selectFrom('ticket').selectAll().where('cart_id', '=', cartId).where('state', '=', 'held').orderBy('created_at').orderBy('id').execute();
}

export async function holdMinutes(db: Tx, sellerId: string, fallback: number): Promise<number> {
  const row = await db
    .selectFrom('config_entry')
    .select('value')
    .where('seller_id', '=', sellerId)
    .where('resource_id', '=', sellerId)
    .where('namespace', '=', 'cart')
    .where('name', '=', 'hold_minutes')
    .executeTakeFirst();
  const minutes = row ? Number(JSON.parse(row.value)) : fallback;
  return Number.isFinite(minutes) && minutes > 0 ? minutes : fallback;
}
