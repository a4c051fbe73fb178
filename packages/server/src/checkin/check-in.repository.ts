import type { Db } from '../db/database.js';
import { ADMISSION_COLUMNS, ticketsWithSession } from '../tickets/ticket-with-session.js';

// The rows POST checkin reads and writes (docs/door.md); check-in.ts decides who is let in.

/** The seller's ticket with this scan code, with its event, type, venue time zone and session. */
export function scannedTicket(db: Db, sellerId: string, scanCode: string) {
  return ticketsWithSession(db)
    .leftJoin('venue', 'venue.id', 'event_template.venue_id')
    .select([...ADMISSION_COLUMNS, 'event_template.name as event_name', 'venue.timezone'])
    .where('ticket.seller_id', '=', sellerId)
    .where('ticket.scan_code', '=', scanCode)
    .executeTakeFirst();
}

/** The first member card a membership order's ticket stands for. */
export function firstCardOfTicket(db: Db, ticketId: string) {
  return db.selectFrom('membership').select('scan_code').where('ticket_id', '=', ticketId).orderBy('position').executeTakeFirst();
}

/** Redeems a booked ticket by one conditional update; false when it was not booked any more. */
export async function redeemBookedTicket(db: Db, ticketId: string, redeemedAt: string): Promise<boolean> {
  const done = await db.updateTable('ticket').set({ state: 'redeemed', redeemed_at: redeemedAt }).where('id', '=', ticketId).where('state', '=', 'booked').executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export function ticketState(db: Db, ticketId: string) {
  return db.selectFrom('ticket').select(['state', 'redeemed_at']).where('id', '=', ticketId).executeTakeFirstOrThrow();
}

/** A card's check-in of a day (one row per card and day); false when it was checked in that day already. */
export async function insertMemberCheckin(db: Db, membershipId: string, localDay: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('member_checkin')
    .values({ membership_id: membershipId, local_date: localDay, checked_in_at: at })
    .onConflict((oc) => oc.columns(['membership_id', 'local_date']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** When a card was first checked in on a day. */
export async function firstMemberCheckin(db: Db, membershipId: string, localDay: string): Promise<string> {
  const first = await db.selectFrom('member_checkin').select('checked_in_at').where('membership_id', '=', membershipId).where('local_date', '=', localDay).executeTakeFirstOrThrow();
  return first.checked_in_at;
}
