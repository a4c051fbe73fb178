import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { MembershipRenewalTable } from '../../db/schema.js';
import { uuidv7 } from '../../ids.js';

/** Auto-renewal rows (Kysely only): one per card set and term end; every state change is conditional. */

export type RenewalRow = Selectable<MembershipRenewalTable>;

/** Card sets scheduled to renew whose term ends by `until`, soonest first (lapsed ones leave the state). */
export function scheduledSetsEndingBy(db: Tx, until: string, limit: number) {
  return db
    .selectFrom('membership')
    .innerJoin('user_account', 'user_account.id', 'membership.user_id')
    // The level's name and price and the seller's currency come along: the reminder and the charge use them.
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .innerJoin('seller', 'seller.id', 'membership.seller_id')
    .select(['membership.id', 'membership.card_set_id', 'membership.seller_id', 'membership.valid_to', 'membership.ticket_type_id', 'membership.ticket_id', 'user_account.id as user_id', 'user_account.identity_id', 'user_account.email', 'user_account.first_name'])
    .select(['ticket_type.name as level_name', 'ticket_type.currency_amount', 'ticket_type.currency_amount_min', 'ticket_type.discounted_amount', 'seller.currency'])
    .where('membership.position', '=', 0)
    .where('membership.auto_renew_state', '=', 'scheduled')
    .where('membership.valid_to', '<=', until)
    .orderBy('membership.valid_to')
    .limit(limit)
    .execute();
}
export type DueSet = Awaited<ReturnType<typeof scheduledSetsEndingBy>>[number];

/** The renewal row of a set's term, made when first seen (a second maker inserts nothing). */
export async function renewalOf(db: Db, cardSetId: string, termEnd: string, nowIso: string): Promise<RenewalRow> {
  await db
    .insertInto('membership_renewal')
    .values({ id: uuidv7(), card_set_id: cardSetId, term_end: termEnd, state: 'due', next_attempt_at: nowIso, claimed_at: null, reminded_at: null, ticket_order_id: null, last_error: null, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.columns(['card_set_id', 'term_end']).doNothing())
    .execute();
  return db.selectFrom('membership_renewal').selectAll().where('card_set_id', '=', cardSetId).where('term_end', '=', termEnd).executeTakeFirstOrThrow();
}

/**
 * Claims a renewal for one charge attempt: due, a retry whose time has come, or a charge whose
 * process died (claimed long ago: the same attempt, whose payment the idempotency key finds).
 * Only the process whose update took the row goes on.
 */
export async function claimRenewal(db: Db, id: string, nowIso: string, staleBefore: string): Promise<RenewalRow | undefined> {
  // A new attempt (due, or a retry whose time has come) counts one more, so it charges under a new key.
  const fresh = await db
    .updateTable('membership_renewal')
    .set((eb) => ({ state: 'charging', claimed_at: nowIso, updated_at: nowIso, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('state', '=', 'due'), eb.and([eb('state', '=', 'retrying'), eb('next_attempt_at', '<=', nowIso)])]))
    .returningAll()
    .executeTakeFirst();
  if (fresh) return fresh;
  // The same attempt again (its process died): same count, so the same key finds what it did.
  return db
    .updateTable('membership_renewal')
    .set({ claimed_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'charging')
    .where('claimed_at', '<', staleBefore)
    .returningAll()
    .executeTakeFirst();
}

/** The attempt's end: renewed, retrying later, or lapsed — only from the charging state it claimed. */
export async function finishRenewal(db: Db, id: string, changes: { state: 'renewed' | 'retrying' | 'lapsed'; next_attempt_at?: string; ticket_order_id?: string | null; last_error?: string | null }, nowIso: string) {
  await db.updateTable('membership_renewal').set({ ...changes, updated_at: nowIso }).where('id', '=', id).where('state', '=', 'charging').execute();
}

/** Claims the reminder of a renewal (sent once). */
export async function claimReminder(db: Db, id: string, nowIso: string): Promise<boolean> {
  const r = await db.updateTable('membership_renewal').set({ reminded_at: nowIso, updated_at: nowIso }).where('id', '=', id).where('reminded_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** scheduled → none for a set whose renewal lapsed (conditional: a set cancelled meanwhile keeps its state). */
export async function lapseSetRenewal(db: Tx, cardSetId: string, nowIso: string) {
  await db.updateTable('membership').set({ auto_renew_state: 'none', updated_at: nowIso }).where('card_set_id', '=', cardSetId).where('auto_renew_state', '=', 'scheduled').execute();
}

/** The event a membership ticket was bought for. */
export function eventOfTicket(db: Tx, ticketId: string) {
  return db.selectFrom('ticket').select('event_template_id').where('id', '=', ticketId).executeTakeFirst();
}

/** An event's sessions with their times, earliest first. */
export function sessionTimesOfEvent(db: Tx, eventId: string) {
  return db.selectFrom('event_session').select(['id', 'start_datetime', 'end_datetime']).where('event_template_id', '=', eventId).orderBy('start_datetime').execute();
}

/** scheduled → cancelled for every set an order bought or renewed (one conditional update); answers the cards cancelled. */
export function cancelRenewalsOfOrder(db: Tx, orderId: string, nowIso: string) {
  const sets = db.selectFrom('membership').select('card_set_id').where('ticket_order_id', '=', orderId);
  return db.updateTable('membership').set({ auto_renew_state: 'cancelled', updated_at: nowIso }).where('card_set_id', 'in', sets).where('auto_renew_state', '=', 'scheduled').returning('id').execute();
}
