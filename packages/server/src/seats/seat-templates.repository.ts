import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { SeatTable, SeatTemplateTable } from '../db/schema.js';

/** Seat template and seat queries (catalog import/export and the seat_map read). */

export function templatesOfSeller(db: Db | Tx, sellerId: string) {
  return db.selectFrom('seat_template').selectAll().where('seller_id', '=', sellerId).orderBy('catalog_key').execute();
}

export function templateByKey(tx: Tx, sellerId: string, key: string) {
  return tx.selectFrom('seat_template').select('id').where('seller_id', '=', sellerId).where('catalog_key', '=', key).executeTakeFirst();
}

export function seatsOfTemplate(db: Db | Tx, templateId: string, options: { withRetired?: boolean } = {}) {
  let q = db.selectFrom('seat').selectAll().where('seat_template_id', '=', templateId);
  if (!options.withRetired) q = q.where('retired', '=', 0);
  return q.orderBy('rank').execute();
}

export async function insertSeats(tx: Tx, rows: Insertable<SeatTable>[]) {
  for (let i = 0; i < rows.length; i += 200) await tx.insertInto('seat').values(rows.slice(i, i + 200)).execute();
}

export function seatGroupsOf(db: Db | Tx, groupIds: string[]) {
  if (!groupIds.length) return Promise.resolve([]);
  return db.selectFrom('seat_group').selectAll().where('ticket_group_id', 'in', groupIds).execute();
}

export async function setSeatGroup(tx: Tx, groupId: string, seating: { seat_template_id: string; zones: string[] } | null) {
  await tx.deleteFrom('seat_group').where('ticket_group_id', '=', groupId).execute();
  if (seating) await tx.insertInto('seat_group').values({ ticket_group_id: groupId, seat_template_id: seating.seat_template_id, zones: JSON.stringify(seating.zones) }).execute();
}

/** Updates a template (`exists`) or inserts it with this id. */
export async function saveTemplate(tx: Tx, id: string, values: Omit<Insertable<SeatTemplateTable>, 'id'>, exists: boolean) {
  if (exists) await tx.updateTable('seat_template').set(values).where('id', '=', id).execute();
  else await tx.insertInto('seat_template').values({ id, ...values }).execute();
}

/** Retires every seat of a template (an import brings back those it still lists). */
export async function retireSeatsOfTemplate(tx: Tx, templateId: string) {
  await tx.updateTable('seat').set({ retired: 1 }).where('seat_template_id', '=', templateId).execute();
}

export async function updateSeat(tx: Tx, seatId: string, row: Updateable<SeatTable>) {
  await tx.updateTable('seat').set(row).where('id', '=', seatId).execute();
}

/** The template's seats in these zones that are neither killed nor retired. */
export function sellableSeatIds(tx: Tx, templateId: string, zones: string[]) {
  return tx.selectFrom('seat').select('id').where('seat_template_id', '=', templateId).where('zone', 'in', zones).where('unavailable', '=', 0).where('retired', '=', 0).execute();
}

/** Seats by id with where they are, in seat-map order. */
export function seatsByIds(db: Tx, ids: string[]) {
  return db.selectFrom('seat').select(['id', 'section', 'row_name', 'name', 'zone']).where('id', 'in', ids).orderBy('rank').execute();
}
