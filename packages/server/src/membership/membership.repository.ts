import { sql, type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { MembershipItemTable, MembershipLevelTable, MembershipTable } from '../db/schema.js';

/** Membership queries (Kysely only). */

export type MembershipRow = Selectable<MembershipTable>;
export type MembershipWithLevel = MembershipRow & { level_name: string };

const withLevelName = (tx: Tx) =>
  tx.selectFrom('membership').innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id').selectAll('membership').select('ticket_type.name as level_name');

/** A user's cards, newest term first. */
export function membershipsOfUser(tx: Tx, sellerId: string, userId: string): Promise<MembershipWithLevel[]> {
  return withLevelName(tx)
    .where('membership.seller_id', '=', sellerId)
    .where('membership.user_id', '=', userId)
    .orderBy('membership.valid_to', 'desc')
    .orderBy('membership.card_set_id')
    .orderBy('membership.position')
    .execute();
}

export function membershipsOfOrders(tx: Tx, orderIds: string[]): Promise<MembershipWithLevel[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return withLevelName(tx).where('membership.ticket_order_id', 'in', orderIds).orderBy('membership.card_set_id').orderBy('membership.position').execute();
}

/** The cards of one set (bought together), with their level, in card order. */
export function membershipsOfSetWithLevel(tx: Tx, cardSetId: string): Promise<MembershipWithLevel[]> {
  return withLevelName(tx).where('membership.card_set_id', '=', cardSetId).orderBy('membership.position').execute();
}

export function membershipById(tx: Tx, id: string): Promise<MembershipWithLevel | undefined> {
  return withLevelName(tx).where('membership.id', '=', id).executeTakeFirst();
}

export function membershipsOfSet(tx: Tx, cardSetId: string): Promise<MembershipRow[]> {
  return tx.selectFrom('membership').selectAll().where('card_set_id', '=', cardSetId).orderBy('position').execute();
}

export function membershipByScanCodeKey(tx: Tx, sellerId: string, key: string) {
  return tx.selectFrom('membership').selectAll().where('seller_id', '=', sellerId).where('scan_code_key', '=', key).executeTakeFirst();
}

export async function insertMemberships(tx: Tx, rows: Insertable<MembershipTable>[]) {
  if (rows.length) await tx.insertInto('membership').values(rows).execute();
}

/** A renewal: every card of the set gets the new end, the renewing order and ticket. */
export async function extendSet(tx: Tx, cardSetId: string, changes: { valid_to: string; ticket_order_id: string; ticket_id: string; ticket_type_id: string; updated_at: string; auto_renew_state?: string }) {
  await tx.updateTable('membership').set(changes).where('card_set_id', '=', cardSetId).execute();
}

/** Ticket types sold in the seller's "membership" groups: its levels. */
export async function membershipTypesOfSeller(tx: Tx, sellerId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('ticket_group_rule')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket_group_rule.ticket_group_id')
    .innerJoin('event_template', 'event_template.id', 'ticket_group.event_template_id')
    .select('ticket_group_rule.ticket_type_id')
    .distinct()
    .where('event_template.seller_id', '=', sellerId)
    .where('ticket_group.handler', '=', 'membership')
    .execute();
  return rows.map((r) => r.ticket_type_id);
}

export function levelsByTypeIds(tx: Tx, typeIds: string[]): Promise<Selectable<MembershipLevelTable>[]> {
  if (!typeIds.length) return Promise.resolve([]);
  return tx.selectFrom('membership_level').selectAll().where('ticket_type_id', 'in', typeIds).execute();
}

export async function insertItems(tx: Tx, rows: Insertable<MembershipItemTable>[]) {
  if (rows.length) await tx.insertInto('membership_item').values(rows).execute();
}

export function itemsOfTickets(tx: Tx, ticketIds: string[]) {
  if (!ticketIds.length) return Promise.resolve([] as Selectable<MembershipItemTable>[]);
  return tx.selectFrom('membership_item').selectAll().where('ticket_id', 'in', ticketIds).execute();
}

/** Booked membership tickets of an order with the members their item names (null: no item). */
export function membershipTicketsOfOrder(tx: Tx, orderId: string) {
  return tx
    .selectFrom('ticket')
    .leftJoin('membership_item', 'membership_item.ticket_id', 'ticket.id')
    .select(['ticket.id', 'ticket.ticket_type_id', 'ticket.ticket_group_id', 'ticket.face_value', 'membership_item.members', 'membership_item.renew_membership_id', 'membership_item.gift', 'membership_item.email_giftee_on', 'membership_item.redeem_gift_id'])
    .where('ticket.ticket_order_id', '=', orderId)
    .where('ticket.state', '=', 'booked')
    .where('ticket.handler', '=', 'membership')
    .orderBy('ticket.created_at')
    .orderBy('ticket.id')
    .execute();
}

/** The member rules of some levels. */
export function rulesOfLevels(tx: Tx, sellerId: string, levelTypeIds: string[]) {
  if (!levelTypeIds.length) return Promise.resolve([]);
  return tx.selectFrom('membership_rule').selectAll().where('seller_id', '=', sellerId).where('membership_ticket_type_id', 'in', levelTypeIds).execute();
}

/** Ticket types some member rule names (any level): booking them is a member benefit. */
export async function typesWithRules(tx: Tx, sellerId: string, typeIds: string[]): Promise<Set<string>> {
  if (!typeIds.length) return new Set();
  const rows = await tx.selectFrom('membership_rule').select('ticket_type_id').distinct().where('seller_id', '=', sellerId).where('ticket_type_id', 'in', typeIds).execute();
  return new Set(rows.map((r) => r.ticket_type_id));
}

/**
 * Takes `n` of an allowance with ONE conditional upsert (docs/architecture.md#inventory-never-oversell): the first take creates the
 * counter, later ones add only while used + n stays within the quantity. False: not enough left.
 */
export async function takeAllowance(tx: Tx, key: { membershipId: string; ruleId: string; periodKey: string }, n: number, quantity: number): Promise<boolean> {
  if (n > quantity) return false;
  const result = await tx
    .insertInto('member_allowance_usage')
    .values({ membership_id: key.membershipId, membership_rule_id: key.ruleId, period_key: key.periodKey, used: n })
    .onConflict((oc) =>
      oc
        .columns(['membership_id', 'membership_rule_id', 'period_key'])
        .doUpdateSet({ used: sql`member_allowance_usage.used + ${n}` })
        .where(sql`member_allowance_usage.used + ${n}`, '<=', quantity),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function allowanceUsed(tx: Tx, membershipIds: string[]) {
  if (!membershipIds.length) return [];
  return tx.selectFrom('member_allowance_usage').selectAll().where('membership_id', 'in', membershipIds).execute();
}

export async function insertTakes(tx: Tx, rows: { id: string; ticket_id: string; membership_id: string; membership_rule_id: string; period_key: string }[]) {
  for (let i = 0; i < rows.length; i += 200) await tx.insertInto('member_allowance_take').values(rows.slice(i, i + 200)).execute();
}

/** Deletes the takes of released tickets and answers them: a take is deleted (and given back) once. */
export async function deleteTakes(tx: Tx, ticketIds: string[]) {
  const out: { membership_id: string; membership_rule_id: string; period_key: string }[] = [];
  for (let i = 0; i < ticketIds.length; i += 200) {
    out.push(
      ...(await tx
        .deleteFrom('member_allowance_take')
        .where('ticket_id', 'in', ticketIds.slice(i, i + 200))
        .returning(['membership_id', 'membership_rule_id', 'period_key'])
        .execute()),
    );
  }
  return out;
}

export async function giveBackAllowance(tx: Tx, key: { membershipId: string; ruleId: string; periodKey: string }, n: number) {
  await tx
    .updateTable('member_allowance_usage')
    .set({ used: sql`used - ${n}` })
    .where('membership_id', '=', key.membershipId)
    .where('membership_rule_id', '=', key.ruleId)
    .where('period_key', '=', key.periodKey)
    .execute();
}

/** Tickets and orders by id, as my/membership embeds them. */
export function ticketsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('ticket').selectAll().where('id', 'in', ids).execute();
}

export function ordersByIds(db: Tx, ids: string[]) {
  return db.selectFrom('ticket_order').selectAll().where('id', 'in', ids).execute();
}

/** The seller's membership levels (catalog export). */
export function levelsOfSeller(tx: Tx, sellerId: string) {
  return tx.selectFrom('membership_level').selectAll().where('seller_id', '=', sellerId).execute();
}

/** Sessions by id with their start and event (the periods of member allowances). */
export function sessionStartsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('event_session').select(['id', 'start_datetime', 'event_template_id']).where('id', 'in', ids).execute();
}
