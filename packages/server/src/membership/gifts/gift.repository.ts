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
