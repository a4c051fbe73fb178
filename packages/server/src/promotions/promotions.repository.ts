import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { PricingMod } from './price-cart.js';

/** Queries of the promotion tables (promotion-tables.ts). */

export function codeByText(db: Tx, sellerId: string, code: string) {
  return db.selectFrom('promo_code').selectAll().where('seller_id', '=', sellerId).where('code', '=', code).where('active', '=', 1).executeTakeFirst();
}

/** The codes applied to a cart, with what their code allows. */
export async function codesOfCart(db: Tx, cartId: string) {
  return (await codesOfCartQuery(db, cartId)).rows;
}

// Prepared (db/prepared.ts): every reserve prices its cart.
const codesOfCartQuery = prepared((db, cartId: string) =>
  db
    .selectFrom('cart_promo_code')
    .innerJoin('promo_code', 'promo_code.id', 'cart_promo_code.code_id')
    .select(['cart_promo_code.code_id', 'cart_promo_code.code', 'cart_promo_code.phase', 'cart_promo_code.counted', 'promo_code.code_group_id', 'promo_code.max_per_order'])
    .where('cart_promo_code.cart_id', '=', cartId)
    // Codes applied within one clock tick would otherwise come back in the database's own order
    // (PostgreSQL varies it), and with them the order of the discounts.
    .orderBy('cart_promo_code.created_at')
    .orderBy('cart_promo_code.code'),
);

export async function activeMods(db: Tx, sellerId: string): Promise<PricingMod[]> {
  const rows = await db.selectFrom('promo_cartmod').selectAll().where('seller_id', '=', sellerId).where('active', '=', 1).orderBy('rank').execute();
  return rows.map((m) => ({
    id: m.id, name: m.name, description: m.description, kind: m.kind as PricingMod['kind'], value: m.value, scope: m.scope as PricingMod['scope'],
    resource_ids: JSON.parse(m.resource_ids), min_tickets: m.min_tickets, max_tickets: m.max_tickets, requires: m.requires ? JSON.parse(m.requires) : null,
    valid_from: m.valid_from, valid_to: m.valid_to, session_from: m.session_from, session_to: m.session_to,
    stackable: m.stackable === 1, blocking_checkout: m.blocking_checkout === 1, code_group_ids: JSON.parse(m.code_group_ids),
  }));
}

/** Code groups whose codes the given ticket groups need before reserving. */
export function requirementsOf(db: Tx, ticketGroupIds: string[]) {
  if (!ticketGroupIds.length) return Promise.resolve([]);
  return db
    .selectFrom('promo_code_requirement')
    .innerJoin('promo_code_group', 'promo_code_group.id', 'promo_code_requirement.code_group_id')
    .select(['promo_code_requirement.ticket_group_id', 'promo_code_group.id as code_group_id', 'promo_code_group.name', 'promo_code_group.description'])
    .where('promo_code_requirement.ticket_group_id', 'in', ticketGroupIds)
    .execute();
}

/** Takes one use of a code: one conditional update; false when it is used up (docs/architecture.md#inventory-never-oversell). */
export async function takeCodeUse(db: Tx, codeId: string): Promise<boolean> {
  const r = await db
    .updateTable('promo_code')
    .set({ used: sql`used + 1` })
    .where('id', '=', codeId)
    .where((eb) => eb.or([eb('max_uses', '=', -1), eb('used', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes one of a buyer's uses of a code (the row is created at 0 first); false when they have used their share. */
export async function takeIdentityUse(db: Tx, codeId: string, identityId: string, max: number): Promise<boolean> {
  await db.insertInto('promo_identity_use').values({ code_id: codeId, identity_id: identityId, used: 0 }).onConflict((oc) => oc.columns(['code_id', 'identity_id']).doNothing()).execute();
  const r = await db
    .updateTable('promo_identity_use')
    .set({ used: sql`used + 1` })
    .where('code_id', '=', codeId)
    .where('identity_id', '=', identityId)
    .where('used', '<', max)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives back the uses a cart's codes hold (all, or one code's): `counted` goes 1 → 0 by a
 * conditional update first, so a second release (sweeper and cancel at once) gives back nothing.
 */
export async function giveBackCodeUses(db: Tx, cartId: string, codeId?: string) {
  let q = db.updateTable('cart_promo_code').set({ counted: 0 }).where('cart_id', '=', cartId).where('counted', '=', 1);
  if (codeId) q = q.where('code_id', '=', codeId);
  const released = await q.returning(['code_id', 'identity_id']).execute();
  for (const r of released.sort((a, b) => (a.code_id < b.code_id ? -1 : 1))) {
    await db.updateTable('promo_code').set({ used: sql`used - 1` }).where('id', '=', r.code_id).where('used', '>', 0).execute();
    await db.updateTable('promo_identity_use').set({ used: sql`used - 1` }).where('code_id', '=', r.code_id).where('identity_id', '=', r.identity_id).where('used', '>', 0).execute();
  }
  return released.length;
}

/**
 * A payment that completed after its hold expired (payments/rehold-tickets.ts): the codes whose
 * uses the sweeper gave back take them again, each by the same conditional updates as applying
 * it; `counted` goes 0 → 1 first, so the uses are retaken once. False when any is used up by
 * now (the caller rolls back and refunds, as for a seat sold meanwhile).
 */
export async function retakeCodeUses(db: Tx, cartId: string): Promise<boolean> {
  const released = await db
    .updateTable('cart_promo_code')
    .set({ counted: 1 })
    .where('cart_id', '=', cartId)
    .where('counted', '=', 0)
    .returning(['code_id', 'identity_id'])
    .execute();
  for (const r of released.sort((a, b) => (a.code_id < b.code_id ? -1 : 1))) {
    const code = await db.selectFrom('promo_code').select('max_per_identity').where('id', '=', r.code_id).executeTakeFirstOrThrow();
    if (code.max_per_identity !== null && !(await takeIdentityUse(db, r.code_id, r.identity_id, code.max_per_identity))) return false;
    if (!(await takeCodeUse(db, r.code_id))) return false;
  }
  return true;
}
