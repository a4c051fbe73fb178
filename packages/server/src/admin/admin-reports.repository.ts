import type { Tx } from '../db/database.js';
import { REFUND_KINDS } from '../orders/self-edit/refund-difference.js';

/** Orders booked in [start, end): their time and total (grouped by venue-local day in sales-report.ts). */
export const ordersBetween = (db: Tx, start: string, end: string) =>
  db.selectFrom('ticket_order').select(['id', 'created_at', 'total']).where('created_at', '>=', start).where('created_at', '<', end).execute();

/** The tickets of orders booked in [start, end), by event or ticket type: how many, for how much. */
export const ticketsOfOrdersBetween = (db: Tx, start: string, end: string, by: 'event' | 'ticket_type') => {
  const q = db
    .selectFrom('ticket')
    .innerJoin('ticket_order', 'ticket_order.id', 'ticket.ticket_order_id')
    .where('ticket_order.created_at', '>=', start)
    .where('ticket_order.created_at', '<', end);
  const joined =
    by === 'event'
      ? q.innerJoin('event_template as g', 'g.id', 'ticket.event_template_id')
      : q.innerJoin('ticket_type as g', 'g.id', 'ticket.ticket_type_id');
  return joined
    .select((eb) => ['g.id as key', 'g.name as name', eb.fn.countAll<number>().as('quantity'), eb.fn.sum<number>('ticket.adjusted_value').as('amount')])
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.name')
    .execute();
};

/** Payments made in [start, end) by gateway: charges that succeeded, and refunds sent or being sent. */
export async function paymentsBetween(db: Tx, start: string, end: string) {
  const base = db.selectFrom('payment').where('created_at', '>=', start).where('created_at', '<', end);
  const [charges, refunds] = await Promise.all([
    base
      .select((eb) => ['gateway_id', eb.fn.countAll<number>().as('quantity'), eb.fn.sum<number>('amount').as('amount')])
      .where('status', '=', 'succeeded')
      .where((eb) => eb.or([eb('error_code', 'is', null), eb('error_code', 'not in', REFUND_KINDS)]))
      .groupBy('gateway_id')
      .execute(),
    base
      .select((eb) => ['gateway_id', eb.fn.sum<number>('amount').as('amount')])
      .where('error_code', 'in', REFUND_KINDS)
      .where('status', 'in', ['refund_pending', 'refunding', 'refunded'])
      .groupBy('gateway_id')
      .execute(),
  ]);
  return { charges, refunds };
}

/** What active gift cards still hold: the seller owes it. */
export const giftCardLiability = (db: Tx) =>
  db.selectFrom('ledger').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('sum')).where('ledger_type', '=', 'giftcard').where('state', '=', 'active').executeTakeFirstOrThrow();

/** Member cards current at `nowIso`, by level (the level's ticket type). */
export const membersByLevel = (db: Tx, nowIso: string) =>
  db
    .selectFrom('membership')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .select((eb) => ['ticket_type.id as key', 'ticket_type.name as name', eb.fn.countAll<number>().as('quantity')])
    .where('membership.valid_from', '<=', nowIso)
    .where('membership.valid_to', '>', nowIso)
    .groupBy(['ticket_type.id', 'ticket_type.name'])
    .orderBy('ticket_type.name')
    .execute();
