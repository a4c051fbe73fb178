import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { MoveLinkTable } from '../db/schema.js';
import { sessionsWithTemplate } from '../events/public.js';

export const insertMoveLink = (tx: Tx, row: Insertable<MoveLinkTable>) => tx.insertInto('move_link').values(row).execute();

export const moveLinkOf = (db: Tx, orderId: string, cartId: string) =>
  db.selectFrom('move_link').innerJoin('cart', 'cart.id', 'move_link.cart_id').selectAll('move_link').select('cart.cart_number').where('move_link.order_id', '=', orderId).where('move_link.cart_id', '=', cartId).executeTakeFirst();

/** pending → `state`, once: false when the link was settled meanwhile. */
export async function settleMoveLink(tx: Tx, cartId: string, state: 'paid' | 'expired' | 'cancelled', nowIso: string): Promise<boolean> {
  const done = await tx.updateTable('move_link').set({ state, settled_at: nowIso }).where('cart_id', '=', cartId).where('state', '=', 'pending').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Pending links whose change cart is no longer pending: paid (booked), expired, or closed (deleted: at the door, or by the visitor). */
export const linksWithClosedCarts = (db: Tx, limit: number) =>
  db
    .selectFrom('move_link')
    .innerJoin('cart', 'cart.id', 'move_link.cart_id')
    .select(['move_link.cart_id', 'move_link.order_id', 'move_link.staff_id', 'move_link.staff_email', 'move_link.difference', 'cart.state as cart_state'])
    .where('move_link.state', '=', 'pending')
    .where('cart.state', 'in', ['booked', 'expired', 'deleted'])
    .orderBy('move_link.cart_id')
    .limit(limit)
    .execute();

/** The session a move goes to, as its e-mail names it (its start in the venue's zone). */
export const sessionForMail = (db: Tx, sessionId: string) =>
  sessionsWithTemplate(db)
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .select(['event_session.start_datetime', 'event_template.name as event_name', 'venue.timezone'])
    .where('event_session.id', '=', sessionId)
    .executeTakeFirst();
