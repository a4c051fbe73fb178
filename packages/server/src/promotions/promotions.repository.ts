import { sql, type Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { CartPromoCodeTable } from '../db/schema.js';
import { uuidv7 } from '../ids.js';
import type { PricingMod } from './price-cart.js';
import { sessionsWithTemplate } from '../events/public.js';

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
    resource_ids: JSON.parse(m.resource_ids) as PricingMod['resource_ids'], min_tickets: m.min_tickets, max_tickets: m.max_tickets, requires: m.requires ? (JSON.parse(m.requires) as PricingMod['requires']) : null,
    valid_from: m.valid_from, valid_to: m.valid_to, session_from: m.session_from, session_to: m.session_to,
    stackable: m.stackable === 1, blocking_checkout: m.blocking_checkout === 1, code_group_ids: JSON.parse(m.code_group_ids) as PricingMod['code_group_ids'],
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

/** The seller's resident code groups (their ZIP patterns in `resident`). */
export function residentGroups(tx: Tx, sellerId: string) {
  return tx.selectFrom('promo_code_group').select(['catalog_key', 'resident']).where('seller_id', '=', sellerId).where('resident', 'is not', null).execute();
}

/** Whether the code is on the cart already. */
export async function codeOnCart(tx: Tx, cartId: string, codeId: string): Promise<boolean> {
  return !!(await tx.selectFrom('cart_promo_code').select('code_id').where('cart_id', '=', cartId).where('code_id', '=', codeId).executeTakeFirst());
}

/** Puts a code on a cart (`counted`: its use was taken). */
export async function attachToCart(tx: Tx, row: Insertable<CartPromoCodeTable>) {
  await tx.insertInto('cart_promo_code').values(row).execute();
}

/** Takes off the cart the codes of one phase (a new ZIP replaces the old). */
export async function detachPhase(tx: Tx, cartId: string, phase: string) {
  await tx.deleteFrom('cart_promo_code').where('cart_id', '=', cartId).where('phase', '=', phase).execute();
}

/** A voucher's own hidden code of one use in its group: created the first time, then found. */
export async function voucherCode(tx: Tx, sellerId: string, code: string, groupId: string) {
  await tx
    .insertInto('promo_code')
    .values({ id: uuidv7(), seller_id: sellerId, code, code_group_id: groupId, max_uses: 1, used: 0, max_per_order: null, max_per_identity: null, valid_from: null, valid_to: null, is_default: 0, active: 1 })
    .onConflict((oc) => oc.columns(['seller_id', 'code']).doNothing())
    .execute();
  return tx.selectFrom('promo_code').selectAll().where('seller_id', '=', sellerId).where('code', '=', code).executeTakeFirstOrThrow();
}

/** Gives back the buyer's use of a code just taken (takeIdentityUse). */
export async function giveBackIdentityUse(tx: Tx, codeId: string, identityId: string) {
  await tx.updateTable('promo_identity_use').set({ used: sql`used - 1` }).where('code_id', '=', codeId).where('identity_id', '=', identityId).execute();
}

/** Ticket types' names, or their outside percent fees. */
export function typeNames(tx: Tx, typeIds: string[]) {
  return tx.selectFrom('ticket_type').select(['id', 'name']).where('id', 'in', typeIds).execute();
}

export function typeFeePercents(tx: Tx, typeIds: string[]) {
  return tx.selectFrom('ticket_type').select(['id', 'fee_percent_outside']).where('id', 'in', typeIds).execute();
}

/** A held ticket's price after promotions and its percent fee (a ticket no longer held is left as it is). */
export async function setHeldTicketPrice(tx: Tx, ticketId: string, adjusted: number, feePercentOutside: number) {
  await tx.updateTable('ticket').set({ adjusted_value: adjusted, fee_percent_outside: feePercentOutside }).where('id', '=', ticketId).where('state', '=', 'held').execute();
}

/** Takes a code off a cart. */
export async function detachCode(tx: Tx, cartId: string, codeId: string) {
  await tx.deleteFrom('cart_promo_code').where('cart_id', '=', cartId).where('code_id', '=', codeId).execute();
}

/** Whether the order still has a ticket booked, let in, or taken out by an unconfirmed change. */
export async function orderHasLiveTicket(tx: Tx, orderId: string): Promise<boolean> {
  return !!(await tx.selectFrom('ticket').select('id').where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed', 'in_cart']).limit(1).executeTakeFirst());
}

/** The carts booked into an order: its own and its change carts'. */
export async function cartsOfOrder(tx: Tx, orderId: string): Promise<string[]> {
  const order = await tx.selectFrom('ticket_order').select('cart_id').where('id', '=', orderId).executeTakeFirst();
  const changes = await tx.selectFrom('cart').select('id').where('ticket_order_id', '=', orderId).execute();
  return [...(order?.cart_id ? [order.cart_id] : []), ...changes.map((c) => c.id)];
}

/** An order's live tickets' face and adjusted values. */
export function liveTicketValuesOfOrder(tx: Tx, orderId: string) {
  return tx.selectFrom('ticket').select(['face_value', 'adjusted_value']).where('ticket_order_id', '=', orderId).where('state', 'in', ['booked', 'redeemed']).execute();
}

/** The codes an order's cart used, oldest first. */
export function codesOfOrder(tx: Tx, orderId: string) {
  return tx
    .selectFrom('cart_promo_code')
    .innerJoin('ticket_order', 'ticket_order.cart_id', 'cart_promo_code.cart_id')
    .select('cart_promo_code.code')
    .where('ticket_order.id', '=', orderId)
    .orderBy('cart_promo_code.created_at')
    .execute();
}

/** The seller's promo code groups among these catalog keys. */
export function codeGroupsByKeys(tx: Tx, sellerId: string, keys: string[]) {
  return tx.selectFrom('promo_code_group').select(['id', 'catalog_key']).where('seller_id', '=', sellerId).where('catalog_key', 'in', keys).execute();
}

/** Sessions' starts with their venue's time zone. */
export function sessionStartsWithZone(tx: Tx, sessionIds: string[]) {
  return sessionsWithTemplate(tx)
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .select(['event_session.start_datetime', 'venue.timezone'])
    .where('event_session.id', 'in', sessionIds)
    .execute();
}
