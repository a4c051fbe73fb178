import type { Tx } from '../db/database.js';
import { sessionsWithTemplate } from '../events/public.js';

/** The `cart inject` command's lookups of catalog keys (Kysely only). */

/** The seller's ticket type with this id or catalog key. */
export function ticketTypeByIdOrKey(db: Tx, sellerId: string, ref: string) {
  return db.selectFrom('ticket_type').select('id').where('seller_id', '=', sellerId).where((eb) => eb.or([eb('id', '=', ref), eb('catalog_key', '=', ref)])).executeTakeFirst();
}

/** The seller's session by id, or by its event's catalog key and start (UTC ISO). */
export function sessionOfSeller(db: Tx, sellerId: string, ref: { id: string } | { eventKey: string; startIso: string }) {
  const q = sessionsWithTemplate(db).select('event_session.id').where('event_template.seller_id', '=', sellerId);
  return 'eventKey' in ref ? q.where('event_template.catalog_key', '=', ref.eventKey).where('event_session.start_datetime', '=', ref.startIso).executeTakeFirst() : q.where('event_session.id', '=', ref.id).executeTakeFirst();
}
