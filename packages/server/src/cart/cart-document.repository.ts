import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

// The rows the cart document reads (docs/cart.md#data); cart-document.ts decides which and shapes them.

/** The cart's tickets in the given states, oldest first. */
export function ticketsOfCart(db: Tx, cartId: string, states: string[]) {
  return db.selectFrom('ticket').selectAll().where('cart_id', '=', cartId).where('state', 'in', states).orderBy('created_at').orderBy('id').execute();
}

const oneSession = prepared((db, id: string) => db.selectFrom('event_session').selectAll().where('id', '=', id));

/** Sessions by id; one session (the common cart) through a prepared statement. */
export async function sessionsByIds(db: Tx, ids: string[]) {
  if (ids.length === 1) return (await oneSession(db, ids[0])).rows;
  return db.selectFrom('event_session').selectAll().where('id', 'in', ids).execute();
}

export function sellerById(db: Tx, id: string) {
  return db.selectFrom('seller').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function identityKind(db: Tx, id: string) {
  return db.selectFrom('identity').select('kind').where('id', '=', id).executeTakeFirst();
}
