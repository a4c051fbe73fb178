import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { WalletPassTable } from '../db/schema.js';

export type WalletPassRow = Selectable<WalletPassTable>;

/**
 * The passes of these tickets, made on first hand-out (serial = the ticket's scan code, a random
 * web-service token); a ticket already handed out keeps its row. Returns the rows by serial.
 */
export async function passesOfTickets(db: Tx, orderId: string, tickets: { id: string; scanCode: string }[], nowIso: string): Promise<Map<string, WalletPassRow>> {
  if (!tickets.length) return new Map();
  await db
    .insertInto('wallet_pass')
    .values(tickets.map((t) => ({ serial_number: t.scanCode, order_id: orderId, ticket_id: t.id, auth_token: randomBytes(24).toString('base64url'), updated_at: nowIso, created_at: nowIso })))
    .onConflict((oc) => oc.column('serial_number').doNothing())
    .execute();
  const rows = await db.selectFrom('wallet_pass').selectAll().where('serial_number', 'in', tickets.map((t) => t.scanCode)).execute();
  return new Map(rows.map((r) => [r.serial_number, r]));
}

export function passBySerial(db: Tx, serial: string) {
  return db.selectFrom('wallet_pass').selectAll().where('serial_number', '=', serial).executeTakeFirst();
}

/** Passes showing these tickets: the ones a change must update. */
export function passesShowing(db: Tx, ticketIds: readonly string[]) {
  if (!ticketIds.length) return Promise.resolve([] as WalletPassRow[]);
  return db.selectFrom('wallet_pass').selectAll().where('ticket_id', 'in', [...ticketIds]).execute();
}

/** The pass now shows `ticketId` (itself after a cancel or a rename, the new ticket after a reschedule); a new update tag. */
export async function repointPass(db: Tx, serial: string, ticketId: string, nowIso: string) {
  await db.updateTable('wallet_pass').set({ ticket_id: ticketId, updated_at: nowIso }).where('serial_number', '=', serial).execute();
}

/** Registers a device for a pass; true when it is new (201), false when it was there (200, its push token refreshed). */
export async function registerDevice(db: Tx, input: { device: string; serial: string; pushToken: string; nowIso: string }): Promise<boolean> {
  const existing = await db.selectFrom('wallet_registration').select('push_token').where('device_library_id', '=', input.device).where('serial_number', '=', input.serial).executeTakeFirst();
  if (existing) {
    if (existing.push_token !== input.pushToken) await db.updateTable('wallet_registration').set({ push_token: input.pushToken }).where('device_library_id', '=', input.device).where('serial_number', '=', input.serial).execute();
    return false;
  }
  const inserted = await db
    .insertInto('wallet_registration')
    .values({ device_library_id: input.device, serial_number: input.serial, push_token: input.pushToken, created_at: input.nowIso })
    .onConflict((oc) => oc.columns(['device_library_id', 'serial_number']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function unregisterDevice(db: Tx, device: string, serial: string) {
  await db.deleteFrom('wallet_registration').where('device_library_id', '=', device).where('serial_number', '=', serial).execute();
}

/** A push token APNs called unregistered (410): no more pushes to it. */
export async function dropPushToken(db: Tx, serial: string, pushToken: string) {
  await db.deleteFrom('wallet_registration').where('serial_number', '=', serial).where('push_token', '=', pushToken).execute();
}

/** The device's passes (one pass type: the operator's), with their update tags. */
export function passesOfDevice(db: Tx, device: string) {
  return db
    .selectFrom('wallet_registration')
    .innerJoin('wallet_pass', 'wallet_pass.serial_number', 'wallet_registration.serial_number')
    .select(['wallet_pass.serial_number', 'wallet_pass.updated_at'])
    .where('wallet_registration.device_library_id', '=', device)
    .execute();
}

export function pushTokensOf(db: Tx, serial: string) {
  return db.selectFrom('wallet_registration').select('push_token').where('serial_number', '=', serial).execute();
}

/** The order a pass belongs to, as wallet items name it (the pass's order exists). */
export function orderOfPass(db: Tx, orderId: string) {
  return db.selectFrom('ticket_order').select(['id', 'order_number', 'seller_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** The seller's name, as passes show it. */
export function sellerName(db: Tx, sellerId: string) {
  return db.selectFrom('seller').select('name').where('id', '=', sellerId).executeTakeFirstOrThrow();
}

/** Tickets by id with their event and type (what a replacing ticket is matched on). */
export function ticketEventsAndTypes(tx: Tx, ids: string[]) {
  return tx.selectFrom('ticket').select(['id', 'event_template_id', 'ticket_type_id']).where('id', 'in', ids).execute();
}
