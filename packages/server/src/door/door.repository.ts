import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { DoorScanTable } from '../db/schema.js';
import { ADMISSION_COLUMNS, SEAT_LABEL_COLUMNS, ticketsWithSeat } from '../tickets/ticket-with-session.js';
import { mustExist } from '../must-exist.js';
import { sessionsWithTemplate } from '../events/public.js';

/**
 * Kysely queries of the door screen (docs/door.md); no rules here. A scan's statements are
 * prepared (db/prepared.ts): built and compiled once, where Kysely would rebuild each on every scan.
 */

/** Groups whose tickets are let in at the door (not donations, gift cards or the membership ticket itself). */
export const ADMITTING_HANDLERS = ['tickets', 'seated', 'passes', 'codes'] as const;
/** Ticket states that count as expected at the door (in_cart: a change still open online keeps its place). */
export const EXPECTED_STATES = ['booked', 'redeemed', 'in_cart'] as const;

export interface DoorSessionRow {
  id: string;
  event_template_id: string;
  event_name: string;
  venue_name: string | null;
  timezone: string | null;
  start_datetime: string;
  end_datetime: string;
}

function sessionsQuery(db: Tx, sellerId: string) {
  return sessionsWithTemplate(db)
    .leftJoin('venue', 'venue.id', 'event_template.venue_id')
    .select(['event_session.id', 'event_session.event_template_id', 'event_template.name as event_name', 'venue.name as venue_name', 'venue.timezone', 'event_session.start_datetime', 'event_session.end_datetime'])
    .where('event_template.seller_id', '=', sellerId);
}

/** Sessions running in [start, end) (UTC bounds of a day), earliest first. */
export function sessionsBetween(db: Tx, sellerId: string, start: string, end: string, eventId: string | null): Promise<DoorSessionRow[]> {
  let query = sessionsQuery(db, sellerId).where('event_session.start_datetime', '<', end).where('event_session.end_datetime', '>', start);
  if (eventId) query = query.where('event_session.event_template_id', '=', eventId);
  return query.orderBy('event_session.start_datetime').orderBy('event_template.name').limit(500).execute();
}

const sessionOfSeller = prepared((db, sellerId: string, sessionId: string) => sessionsQuery(db, sellerId).where('event_session.id', '=', sessionId));

export async function sessionById(db: Tx, sellerId: string, sessionId: string): Promise<DoorSessionRow | undefined> {
  return (await sessionOfSeller(db, sellerId, sessionId)).rows[0];
}

/** Admitted and expected tickets per session. */
export async function sessionCounts(db: Tx, sessionIds: string[]): Promise<Map<string, { admitted: number; expected: number }>> {
  const counts = new Map<string, { admitted: number; expected: number }>();
  if (!sessionIds.length) return counts;
  const rows = await db
    .selectFrom('ticket')
    .select(['event_session_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('event_session_id', 'in', sessionIds)
    .where('handler', 'in', [...ADMITTING_HANDLERS])
    .where('state', 'in', [...EXPECTED_STATES])
    .groupBy(['event_session_id', 'state'])
    .execute();
  for (const id of sessionIds) counts.set(id, { admitted: 0, expected: 0 });
  for (const row of rows) {
    // Every row is of one of sessionIds (the where above), each given its counts.
    const c = mustExist(row.event_session_id === null ? undefined : counts.get(row.event_session_id), `counts of session ${row.event_session_id ?? 'none'}`);
    c.expected += Number(row.n);
    if (row.state === 'redeemed') c.admitted += Number(row.n);
  }
  return counts;
}

/** What the door needs to know of a ticket; `buyer_*` from the purchaser's or the order's account. */
function ticketsQuery(db: Tx, sellerId: string) {
  return ticketsWithSeat(db)
    .leftJoin('ticket_order', 'ticket_order.id', 'ticket.ticket_order_id')
    .leftJoin('cart', 'cart.id', 'ticket_order.cart_id')
    .leftJoin('user_account as purchaser', 'purchaser.identity_id', 'cart.purchaser_identity_id')
    .leftJoin('user_account as owner', 'owner.identity_id', 'ticket_order.identity_id')
    .select([
      ...ADMISSION_COLUMNS,
      'ticket.change_cart_id',
      'ticket.event_template_id',
      'ticket.event_session_id',
      'ticket.ticket_order_id',
      'ticket.valid_from',
      'ticket.valid_to',
      ...SEAT_LABEL_COLUMNS,
      'purchaser.first_name as purchaser_first',
      'purchaser.last_name as purchaser_last',
      'owner.first_name as owner_first',
      'owner.last_name as owner_last',
    ])
    .where('ticket.seller_id', '=', sellerId);
}
export type DoorTicketRow = Awaited<ReturnType<ReturnType<typeof ticketsQuery>['executeTakeFirstOrThrow']>>;

const ticketOfCode = prepared((db, sellerId: string, scanCode: string) => ticketsQuery(db, sellerId).where('ticket.scan_code', '=', scanCode));

export async function ticketByScanCode(db: Tx, sellerId: string, scanCode: string): Promise<DoorTicketRow | undefined> {
  return (await ticketOfCode(db, sellerId, scanCode)).rows[0];
}

export function ticketsByIds(db: Tx, sellerId: string, ids: string[]): Promise<DoorTicketRow[]> {
  return ticketsQuery(db, sellerId).where('ticket.id', 'in', ids).execute();
}

/** Admitting tickets of sessions running in [start, end), booked, let in, or cancelled. */
export function ticketsOfSessionsBetween(db: Tx, sellerId: string, start: string, end: string): Promise<DoorTicketRow[]> {
  return ticketsQuery(db, sellerId)
    .where('event_session.start_datetime', '<', end)
    .where('event_session.end_datetime', '>', start)
    .where('ticket.handler', 'in', [...ADMITTING_HANDLERS])
    .where('ticket.scan_code', 'is not', null)
    .where('ticket.state', 'in', ['booked', 'redeemed', 'in_cart', 'cancelled', 'unbooked'])
    .execute();
}

/** Tickets of the orders whose number starts with, or whose buyer's or admit name contains, the text; for one session. */
export async function ticketsOfSessionMatching(db: Tx, sellerId: string, sessionId: string, text: string, limit: number): Promise<(DoorTicketRow & { order_number: string | null })[]> {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const lower = (ref: string) => sql<string>`lower(${sql.ref(ref)})`;
  const fullName = (first: string, last: string) => sql<string>`lower(coalesce(${sql.ref(first)}, '') || ' ' || coalesce(${sql.ref(last)}, ''))`;
  const orders = await ticketsQuery(db, sellerId)
    .select('ticket_order.order_number')
    .where('ticket.event_session_id', '=', sessionId)
    .where('ticket.handler', 'in', [...ADMITTING_HANDLERS])
    .where((eb) =>
      eb.or([
        eb(lower('ticket_order.order_number'), 'like', sql<string>`${like} escape '\\'`),
        eb(lower('ticket.admit_name'), 'like', sql<string>`${like} escape '\\'`),
        eb(fullName('purchaser.first_name', 'purchaser.last_name'), 'like', sql<string>`${like} escape '\\'`),
        eb(fullName('owner.first_name', 'owner.last_name'), 'like', sql<string>`${like} escape '\\'`),
      ]),
    )
    .select('ticket.ticket_order_id')
    .distinct()
    .limit(limit)
    .execute();
  const orderIds = [...new Set(orders.map((o) => o.ticket_order_id).filter((id): id is string => !!id))];
  if (!orderIds.length) return [];
  return ticketsQuery(db, sellerId)
    .select('ticket_order.order_number')
    .where('ticket.ticket_order_id', 'in', orderIds)
    .where('ticket.event_session_id', '=', sessionId)
    .where('ticket.handler', 'in', [...ADMITTING_HANDLERS])
    .orderBy('ticket_order.order_number')
    .orderBy('ticket.id')
    .execute();
}

/** The live tickets a change (self-edit) booked in place of the ones it cancelled, with their session. */
export function ticketsOfChange(db: Tx, changeCartIds: string[]) {
  if (!changeCartIds.length) return Promise.resolve([]);
  return db
    .selectFrom('ticket')
    .leftJoin('event_session', 'event_session.id', 'ticket.event_session_id')
    .select(['ticket.cart_id', 'ticket.ticket_type_id', 'event_session.start_datetime'])
    .where('ticket.cart_id', 'in', changeCartIds)
    .where('ticket.state', 'in', ['booked', 'redeemed'])
    .execute();
}

const admitterOfOne = prepared((db, ticketId: string) =>
  db.selectFrom('door_scan').select('staff_name').where('ticket_id', '=', ticketId).where('outcome', '=', 'admitted').where('undone_at', 'is', null).orderBy('recorded_at', 'desc').limit(1),
);

/** Who let this ticket in (its admission still standing), if it was at the door. */
export async function admitterOfTicket(db: Tx, ticketId: string): Promise<string | null> {
  return (await admitterOfOne(db, ticketId)).rows[0]?.staff_name ?? null;
}

/** Admissions still standing (not undone) of these tickets: who let each in. */
export async function admittersOfTickets(db: Tx, ticketIds: string[]): Promise<Map<string, string>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .selectFrom('door_scan')
    .select(['ticket_id', 'staff_name', 'recorded_at'])
    .where('ticket_id', 'in', ticketIds)
    .where('outcome', '=', 'admitted')
    .where('undone_at', 'is', null)
    .orderBy('recorded_at')
    .execute();
  return new Map(rows.flatMap((r) => (r.ticket_id ? [[r.ticket_id, r.staff_name] as const] : [])));
}

/** Who let a member card in at this time (its day's check-in), if it was at the door screen. */
export async function admitterOfCard(db: Tx, membershipId: string, admittedAt: string): Promise<string | null> {
  const row = await db.selectFrom('door_scan').select('staff_name').where('membership_id', '=', membershipId).where('outcome', '=', 'admitted').where('scanned_at', '=', admittedAt).where('undone_at', 'is', null).executeTakeFirst();
  return row?.staff_name ?? null;
}

export type NewDoorScan = Omit<DoorScanTable, 'undone_at' | 'undone_by' | 'undo_of' | 'client_ref'> & Partial<Pick<DoorScanTable, 'undo_of' | 'client_ref'>>;

const DOOR_SCAN_COLUMNS = Object.keys({
  id: 1, seller_id: 1, event_session_id: 1, scan_code: 1, ticket_id: 1, membership_id: 1, outcome: 1, reason: 1, source: 1, staff_id: 1, staff_name: 1,
  scanned_at: 1, recorded_at: 1, undone_at: 1, undone_by: 1, undo_of: 1, client_ref: 1,
} satisfies Record<keyof DoorScanTable, 1>) as (keyof DoorScanTable)[];
const insertOneScan = prepared((tx, ...values: unknown[]) => tx.insertInto('door_scan').values(Object.fromEntries(DOOR_SCAN_COLUMNS.map((c, i) => [c, values[i]])) as unknown as DoorScanTable));

export async function insertDoorScan(tx: Tx, row: NewDoorScan): Promise<void> {
  const full: DoorScanTable = { undone_at: null, undone_by: null, undo_of: null, client_ref: null, ...row };
  await insertOneScan(tx, ...DOOR_SCAN_COLUMNS.map((c) => full[c]));
}

export function doorScanById(db: Tx, id: string) {
  return db.selectFrom('door_scan').selectAll().where('id', '=', id).executeTakeFirst();
}

export function doorScanByClientRef(db: Tx, clientRef: string) {
  return db.selectFrom('door_scan').selectAll().where('client_ref', '=', clientRef).executeTakeFirst();
}

/** This staff member's last admission in the session still standing. */
export function lastAdmissionBy(db: Tx, sessionId: string, staffId: string) {
  return db
    .selectFrom('door_scan')
    .selectAll()
    .where('event_session_id', '=', sessionId)
    .where('staff_id', '=', staffId)
    .where('outcome', '=', 'admitted')
    .where('undone_at', 'is', null)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The session's last scans (not the undo lines: an undone admission carries its undo), newest first. */
export function lastScans(db: Tx, sessionId: string, limit: number) {
  return db
    .selectFrom('door_scan')
    .leftJoin('ticket', 'ticket.id', 'door_scan.ticket_id')
    .leftJoin('ticket_type', 'ticket_type.id', 'ticket.ticket_type_id')
    .leftJoin('membership', 'membership.id', 'door_scan.membership_id')
    .select([
      'door_scan.id',
      'door_scan.scan_code',
      'door_scan.outcome',
      'door_scan.reason',
      'door_scan.source',
      'door_scan.staff_name',
      'door_scan.scanned_at',
      'door_scan.undone_at',
      'door_scan.undone_by',
      'ticket.admit_name',
      'ticket_type.name as type_name',
      'membership.first_name',
      'membership.last_name',
    ])
    .where('door_scan.event_session_id', '=', sessionId)
    .where('door_scan.outcome', '!=', 'undo')
    .orderBy('door_scan.recorded_at', 'desc')
    .orderBy('door_scan.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks an admission undone, once (conditional update); false when it already was. */
export async function markUndone(tx: Tx, scanId: string, by: string, at: string): Promise<boolean> {
  const done = await tx.updateTable('door_scan').set({ undone_at: at, undone_by: by }).where('id', '=', scanId).where('undone_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Let in at the door: booked → redeemed by one conditional update (two doors: one wins). */
const redeemBooked = prepared((tx, ticketId: string, at: string) => tx.updateTable('ticket').set({ state: 'redeemed', redeemed_at: at }).where('id', '=', ticketId).where('state', '=', 'booked'));

export async function redeemTicket(tx: Tx, ticketId: string, at: string): Promise<boolean> {
  return Number((await redeemBooked(tx, ticketId, at)).numAffectedRows ?? 0) === 1;
}

/** An undo: redeemed → booked again, only if it is still the admission being undone. */
export async function unredeemTicket(tx: Tx, ticketId: string, redeemedAt: string): Promise<boolean> {
  const done = await tx.updateTable('ticket').set({ state: 'booked', redeemed_at: null }).where('id', '=', ticketId).where('state', '=', 'redeemed').where('redeemed_at', '=', redeemedAt).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function deleteMemberCheckin(tx: Tx, membershipId: string, checkedInAt: string): Promise<boolean> {
  const done = await tx.deleteFrom('member_checkin').where('membership_id', '=', membershipId).where('checked_in_at', '=', checkedInAt).executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

/** Every member card of the seller with its check-in of this local day, if any. */
export function memberCardsWithCheckin(db: Tx, sellerId: string, localDay: string) {
  return db
    .selectFrom('membership')
    .leftJoin('member_checkin', (join) => join.onRef('member_checkin.membership_id', '=', 'membership.id').on('member_checkin.local_date', '=', localDay))
    .select(['membership.id', 'membership.scan_code', 'membership.first_name', 'membership.last_name', 'membership.valid_from', 'membership.valid_to', 'membership.redeem_code_hash', 'membership.redeemed_at', 'member_checkin.checked_in_at'])
    .where('membership.seller_id', '=', sellerId)
    .execute();
}

export function membershipIdByScanCodeKey(db: Tx, sellerId: string, key: string) {
  return db.selectFrom('membership').select(['id', 'scan_code']).where('seller_id', '=', sellerId).where('scan_code_key', '=', key).executeTakeFirst();
}
