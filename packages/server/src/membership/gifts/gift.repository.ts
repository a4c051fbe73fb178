import { type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { MembershipGiftTable } from '../../db/schema.js';

/** Gift-of-membership queries (Kysely only). */

export type GiftRow = Selectable<MembershipGiftTable>;

export async function insertGift(tx: Tx, row: Insertable<MembershipGiftTable>) {
  await tx.insertInto('membership_gift').values(row).execute();
}

export function giftByCode(tx: Tx, sellerId: string, code: string): Promise<GiftRow | undefined> {
  return tx.selectFrom('membership_gift').selectAll().where('code', '=', code).where('seller_id', '=', sellerId).executeTakeFirst();
}

export function giftById(tx: Tx, id: string): Promise<GiftRow | undefined> {
  return tx.selectFrom('membership_gift').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes a gift for a redeeming ticket: one conditional update on the gift's own columns, so of two
 * carts redeeming one code at once exactly one updates the row (on PostgreSQL the second waits for
 * the first and re-checks the row as committed). A holder's ticket released (cart expired, emptied
 * or the ticket removed) lets the gift go (releaseGiftHolds), so the code can be redeemed again.
 */
export async function claimGift(tx: Tx, giftId: string, ticketId: string, nowIso: string, source: string | null = null): Promise<boolean> {
  const result = await tx
    .updateTable('membership_gift')
    .set({ held_ticket_id: ticketId, redeem_source: source })
    .where('id', '=', giftId)
    .where('redeemed_at', 'is', null)
    .where('valid_from', '<=', nowIso)
    .where('valid_to', '>', nowIso)
    .where((eb) => eb.or([eb('held_ticket_id', 'is', null), eb('held_ticket_id', '=', ticketId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Released tickets let go of the gifts they held (inside the releasing transaction). */
export async function releaseGiftHolds(tx: Tx, ticketIds: string[]) {
  if (!ticketIds.length) return;
  await tx.updateTable('membership_gift').set({ held_ticket_id: null }).where('held_ticket_id', 'in', ticketIds).where('redeemed_at', 'is', null).execute();
}

/** Booking: the holding ticket's order redeems the gift, once (a second booking updates no row). */
export async function markRedeemed(tx: Tx, input: { giftId: string; ticketId: string; orderId: string; membershipId: string; nowIso: string }): Promise<boolean> {
  const result = await tx
    .updateTable('membership_gift')
    .set({ redeemed_at: input.nowIso, redeemed_order_id: input.orderId, membership_id: input.membershipId })
    .where('id', '=', input.giftId)
    .where('redeemed_at', 'is', null)
    // Its own hold, or none: a cart paid after it expired was held again without the gift (rehold).
    .where((eb) => eb.or([eb('held_ticket_id', '=', input.ticketId), eb('held_ticket_id', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The gifts an order bought, with the level's name and the giftee's name and e-mail. */
export function giftsOfOrders(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return tx
    .selectFrom('membership_gift')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership_gift.ticket_type_id')
    .leftJoin('user_account', (j) => j.onRef('user_account.identity_id', '=', 'membership_gift.giftee_identity_id').onRef('user_account.seller_id', '=', 'membership_gift.seller_id'))
    .selectAll('membership_gift')
    .select(['ticket_type.name as level_name', 'user_account.first_name as giftee_first_name', 'user_account.last_name as giftee_last_name', 'user_account.email as giftee_email'])
    .where('membership_gift.ticket_order_id', 'in', orderIds)
    .orderBy('membership_gift.created_at')
    .orderBy('membership_gift.id')
    .execute();
}
export type GiftWithNames = Awaited<ReturnType<typeof giftsOfOrders>>[number];

/** Gifts whose giftee e-mail is due by `today` (YYYY-MM-DD) and not sent yet. */
export function giftsWithGifteeMailDue(tx: Tx, today: string, limit: number) {
  return tx.selectFrom('membership_gift').select(['id', 'ticket_order_id']).where('giftee_mailed_at', 'is', null).where('email_giftee_on', '<=', today).orderBy('email_giftee_on').limit(limit).execute();
}

/** Claims one gift's giftee e-mail for sending: only the process whose update took it sends it. */
export async function claimGifteeMail(tx: Tx, giftId: string, nowIso: string): Promise<boolean> {
  const result = await tx.updateTable('membership_gift').set({ giftee_mailed_at: nowIso }).where('id', '=', giftId).where('giftee_mailed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who gave a gift (null: not known). */
export function giverOfGift(tx: Tx, giftId: string) {
  return tx.selectFrom('membership_gift').select(['giver_identity_id']).where('id', '=', giftId).executeTakeFirstOrThrow();
}

/** The set a card belongs to and the identity holding it. */
export function setOfMembership(tx: Tx, membershipId: string) {
  return tx.selectFrom('membership').select(['card_set_id', 'identity_id']).where('id', '=', membershipId).executeTakeFirstOrThrow();
}

/** Records on every card of a set who gave it to whom, and when it was redeemed. */
export async function recordGiftOnSet(tx: Tx, cardSetId: string, gift: { giver_identity_id: string | null; giftee_identity_id: string | null; nowIso: string }) {
  await tx
    .updateTable('membership')
    .set({ giver_identity_id: gift.giver_identity_id, giftee_identity_id: gift.giftee_identity_id, redeemed_at: gift.nowIso, updated_at: gift.nowIso })
    .where('card_set_id', '=', cardSetId)
    .execute();
}

/** The value of the gift each of these tickets redeems (tickets redeeming none are left out). */
export function redeemedGiftValues(tx: Tx, ticketIds: string[]) {
  return tx
    .selectFrom('membership_item')
    .innerJoin('membership_gift', 'membership_gift.id', 'membership_item.redeem_gift_id')
    .select(['membership_item.ticket_id', 'membership_gift.value'])
    .where('membership_item.ticket_id', 'in', ticketIds)
    .execute();
}

/** What the giftee's e-mail says: the code, the level, the seller, the giftee's and the giver's names. */
export function gifteeMailFacts(tx: Tx, giftId: string) {
  return tx
    .selectFrom('membership_gift')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership_gift.ticket_type_id')
    .innerJoin('seller', 'seller.id', 'membership_gift.seller_id')
    .innerJoin('user_account as giftee', (j) => j.onRef('giftee.identity_id', '=', 'membership_gift.giftee_identity_id').onRef('giftee.seller_id', '=', 'membership_gift.seller_id'))
    .leftJoin('user_account as giver', (j) => j.onRef('giver.identity_id', '=', 'membership_gift.giver_identity_id').onRef('giver.seller_id', '=', 'membership_gift.seller_id'))
    .select(['membership_gift.code', 'membership_gift.valid_to', 'ticket_type.name as level_name', 'seller.name as seller_name', 'giftee.email', 'giftee.first_name', 'giver.first_name as giver_first', 'giver.last_name as giver_last'])
    .where('membership_gift.id', '=', giftId)
    .executeTakeFirst();
}

/** The event and level name of the ticket that bought a gift. */
export function givenLevelOfTicket(tx: Tx, ticketId: string) {
  return tx
    .selectFrom('ticket')
    .innerJoin('ticket_type', 'ticket_type.id', 'ticket.ticket_type_id')
    .select(['ticket.event_template_id', 'ticket_type.name'])
    .where('ticket.id', '=', ticketId)
    .executeTakeFirstOrThrow();
}
