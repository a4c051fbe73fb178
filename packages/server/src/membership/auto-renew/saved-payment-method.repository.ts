import type { Db, Tx } from '../../db/database.js';
import { uuidv7 } from '../../ids.js';
import type { SavedCard } from '../../payments/gateway.js';

/** Saved payment methods (Kysely only): one per identity and seller, the newest replacing the last. */

export async function saveCard(db: Db, input: { cartId: string; gatewayId: string; card: SavedCard; now: Date }) {
  const cart = await db.selectFrom('cart').select(['seller_id', 'identity_id', 'purchaser_identity_id']).where('id', '=', input.cartId).executeTakeFirstOrThrow();
  const row = {
    id: uuidv7(),
    seller_id: cart.seller_id,
    identity_id: cart.purchaser_identity_id ?? cart.identity_id,
    gateway_id: input.gatewayId,
    reference: input.card.reference,
    brand: input.card.brand,
    last4: input.card.last4,
    created_at: input.now.toISOString(),
  };
  await db
    .insertInto('saved_payment_method')
    .values(row)
    .onConflict((oc) => oc.columns(['seller_id', 'identity_id']).doUpdateSet({ gateway_id: row.gateway_id, reference: row.reference, brand: row.brand, last4: row.last4, created_at: row.created_at }))
    .execute();
}

export function savedMethodOf(db: Tx, sellerId: string, identityId: string) {
  return db.selectFrom('saved_payment_method').selectAll().where('seller_id', '=', sellerId).where('identity_id', '=', identityId).executeTakeFirst();
}
