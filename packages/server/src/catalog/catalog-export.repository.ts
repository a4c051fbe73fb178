import type { Db } from '../db/database.js';

// The rows a catalog export writes out (docs/catalog.md); export-catalog.ts turns them into the document.

export function listSellers(db: Db) {
  return db.selectFrom('seller').selectAll().execute();
}

/** Every catalog row of one seller, each list in the order the export writes it. */
export async function readSellerCatalog(db: Db, sellerId: string) {
  const venues = await db.selectFrom('venue').selectAll().where('seller_id', '=', sellerId).execute();
  const images = await db.selectFrom('image').selectAll().where('seller_id', '=', sellerId).execute();
  const types = await db.selectFrom('ticket_type').selectAll().where('seller_id', '=', sellerId).orderBy('rank').execute();
  const events = await db.selectFrom('event_template').selectAll().where('seller_id', '=', sellerId).orderBy('rank').execute();
  const eventIds = events.map((e) => e.id);
  const groups = eventIds.length ? await db.selectFrom('ticket_group').selectAll().where('event_template_id', 'in', eventIds).orderBy('rank').execute() : [];
  const rules = groups.length ? await db.selectFrom('ticket_group_rule').selectAll().where('ticket_group_id', 'in', groups.map((g) => g.id)).orderBy('rank').execute() : [];
  const sessions = eventIds.length ? await db.selectFrom('event_session').selectAll().where('event_template_id', 'in', eventIds).orderBy('start_datetime').execute() : [];
  const messageRules = eventIds.length ? await db.selectFrom('message_rule').selectAll().where('event_template_id', 'in', eventIds).orderBy('rank').execute() : [];
  const memberRules = await db.selectFrom('membership_rule').selectAll().where('seller_id', '=', sellerId).execute();
  const config = await db.selectFrom('config_entry').selectAll().where('seller_id', '=', sellerId).execute();
  return { venues, images, types, events, groups, rules, sessions, messageRules, memberRules, config };
}
