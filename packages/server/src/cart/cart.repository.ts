import type { Updateable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';

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

export async function updateCartRow(db: Tx, id: string, changes: Updateable<CartTable>) {
  await db.updateTable('cart').set(changes).where('id', '=', id).execute();
}

/**
 * Claims a cart for paying (→ checkout) from one of `from`; true when it was in one. The sweeper
 * expires only pending carts, so a claimed cart's hold cannot run out under a payment.
 */
export async function claimCartForCheckout(db: Tx, id: string, nowIso: string, from: string[] = ['pending']): Promise<boolean> {
  const claimed = await db.updateTable('cart').set({ state: 'checkout', updated_at: nowIso }).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** checkout → pending: the cart is payable again (a refusal, a partial payment, an interrupted pay). */
export async function releaseCheckout(db: Tx, id: string, nowIso: string) {
  await db.updateTable('cart').set({ state: 'pending', updated_at: nowIso }).where('id', '=', id).where('state', '=', 'checkout').execute();
}

/** Carts claimed for paying since before `beforeIso` (a pay call that never finished). */
export function stuckCheckoutCarts(db: Tx, beforeIso: string, limit: number) {
  return db.selectFrom('cart').select(['id', 'seller_id']).where('state', '=', 'checkout').where('updated_at', '<=', beforeIso).limit(limit).execute();
}

/** The giftee named on a cart, as shown on it. */
export function gifteeAccount(db: Tx, identityId: string) {
  return db.selectFrom('user_account').select(['identity_id', 'first_name', 'last_name', 'email']).where('identity_id', '=', identityId).executeTakeFirst();
}

/** Hands a staff-created cart to a new owner, spending its transfer key; false when the key was spent meanwhile. */
export async function takeTransferredCart(db: Tx, id: string, keyHash: string, identityId: string, nowIso: string): Promise<boolean> {
  const taken = await db.updateTable('cart').set({ identity_id: identityId, transfer_key_hash: null, updated_at: nowIso }).where('id', '=', id).where('transfer_key_hash', '=', keyHash).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Expires a pending cart whose hold ran out; false when someone else got to it first (or it was paid or renewed). */
export async function expireCart(db: Tx, id: string, nowIso: string): Promise<boolean> {
  const claimed = await db.updateTable('cart').set({ state: 'expired', updated_at: nowIso }).where('id', '=', id).where('state', '=', 'pending').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Released tickets of a cart with their group's capacity (re-holding after a late payment). */
export function cancelledTicketsWithGroupLimits(db: Tx, cartId: string, ticketIds: string[]) {
  return db
    .selectFrom('ticket')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .select(['ticket.id', 'ticket.event_session_id', 'ticket.ticket_group_id', 'ticket.counts_session', 'ticket_group.capacity', 'ticket_group.oversell_capacity'])
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.id', 'in', ticketIds)
    .where('ticket.state', '=', 'cancelled')
    .execute();
}

export async function reholdCancelledTickets(db: Tx, cartId: string, ticketIds: string[]) {
  await db.updateTable('ticket').set({ state: 'held' }).where('cart_id', '=', cartId).where('id', 'in', ticketIds).where('state', '=', 'cancelled').execute();
}

/** Pending carts whose hold ran out by `nowIso` (only those holding a ticket of `sessionId`, when given). */
export function expiredPendingCarts(db: Tx, nowIso: string, limit: number, sessionId?: string) {
  let q = db.selectFrom('cart').select('cart.id').where('cart.state', '=', 'pending').where('cart.expires_at', '<=', nowIso);
  if (sessionId) {
    q = q.where((eb) => eb.exists(eb.selectFrom('ticket').select('ticket.id').whereRef('ticket.cart_id', '=', 'cart.id').where('ticket.event_session_id', '=', sessionId).where('ticket.state', '=', 'held')));
  }
  return q.limit(limit).execute();
}

/** held → cancelled for the cart's tickets (these only, when given): conditional, so a ticket is released once; answers those released. */
export function cancelHeldTickets(tx: Tx, cartId: string, ticketIds?: string[]) {
  let q = tx.updateTable('ticket').set({ state: 'cancelled' }).where('cart_id', '=', cartId).where('state', '=', 'held');
  if (ticketIds) q = q.where('id', 'in', ticketIds);
  return q.returning(['id', 'event_session_id', 'ticket_group_id', 'counts_session']).execute();
}
