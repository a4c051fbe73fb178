import type { Tx } from '../db/database.js';

/** What a cart holds of memberships and who would own its cards (Kysely only; docs/memberships.md#2-buying). */

/** One held membership ticket of the cart, if any. */
export function heldMembershipTicket(tx: Tx, cartId: string) {
  return tx.selectFrom('ticket').select('id').where('cart_id', '=', cartId).where('state', '=', 'held').where('handler', '=', 'membership').executeTakeFirst();
}

/** The cart's held tickets, each with its membership item's gift flag (null: no item). */
export function heldTicketsWithGiftFlag(tx: Tx, cartId: string) {
  return tx
    .selectFrom('ticket')
    .leftJoin('membership_item', 'membership_item.ticket_id', 'ticket.id')
    .select(['ticket.id', 'membership_item.gift'])
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.state', '=', 'held')
    .execute();
}

/** One held membership ticket of the cart bought for its owner (not a gift), if any. */
export function heldOwnMembershipTicket(tx: Tx, cartId: string) {
  return tx
    .selectFrom('ticket')
    .innerJoin('membership_item', 'membership_item.ticket_id', 'ticket.id')
    .select('ticket.id')
    .where('ticket.cart_id', '=', cartId)
    .where('ticket.state', '=', 'held')
    .where('membership_item.gift', '=', 0)
    .executeTakeFirst();
}

/** The account of one of these identities, if any has one. */
export function accountOfIdentities(tx: Tx, identityIds: string[]) {
  return tx.selectFrom('user_account').select('id').where('identity_id', 'in', identityIds).executeTakeFirst();
}

/** The id of an identity's account, if it has one. */
export function accountIdOfIdentity(tx: Tx, identityId: string) {
  return tx.selectFrom('user_account').select('id').where('identity_id', '=', identityId).executeTakeFirst();
}

/** The name and e-mail of an identity's account, if it has one. */
export function accountContactOfIdentity(tx: Tx, identityId: string) {
  return tx.selectFrom('user_account').select(['email', 'first_name', 'last_name']).where('identity_id', '=', identityId).executeTakeFirst();
}

/** The cart's seller and the identities that own or buy it. */
export function cartOwners(tx: Tx, cartId: string) {
  return tx.selectFrom('cart').select(['seller_id', 'identity_id', 'purchaser_identity_id']).where('id', '=', cartId).executeTakeFirst();
}

/** Tickets by id with what a member allowance is taken on. */
export function ticketsForAllowance(tx: Tx, ticketIds: string[]) {
  return tx.selectFrom('ticket').select(['id', 'ticket_type_id', 'ticket_group_id', 'event_session_id', 'valid_from']).where('id', 'in', ticketIds).execute();
}

/** One held ticket of the cart other than these, if any. */
export function otherHeldTicket(tx: Tx, cartId: string, ticketIds: string[]) {
  return tx.selectFrom('ticket').select('id').where('cart_id', '=', cartId).where('state', '=', 'held').where('id', 'not in', ticketIds).executeTakeFirst();
}
