import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { sessionsWithTemplate } from '../events/public.js';

/** Sessions starting in [start, end), with their event, and the counts the desk needs. */
export async function sessionsBetween(db: Tx, q: { start: string; end: string; eventId?: string; limit: number; offset: number }) {
  let base = sessionsWithTemplate(db).where('event_session.start_datetime', '>=', q.start).where('event_session.start_datetime', '<', q.end);
  if (q.eventId) base = base.where('event_session.event_template_id', '=', q.eventId);
  const count = (states: string[]) => sql<number>`(select count(*) from ticket where ticket.event_session_id = event_session.id and ticket.counts_session = 1 and ticket.state in (${sql.join(states)}))`;
  const [rows, total] = await Promise.all([
    base
      .select([
        'event_session.id',
        'event_session.event_template_id as event_id',
        'event_template.name as event_name',
        'event_session.start_datetime',
        'event_session.capacity',
        'event_session.oversell_capacity',
        'event_session.used_capacity',
        'event_session.sale_closed',
        count(['booked', 'redeemed', 'in_cart']).as('sold'),
        count(['held']).as('held'),
        count(['redeemed']).as('checked_in'),
        sql<string | null>`(select min(cart.created_at) from ticket join cart on cart.id = ticket.cart_id where ticket.event_session_id = event_session.id and ticket.state = 'held')`.as('oldest_hold_at'),
      ])
      .orderBy('event_session.start_datetime')
      .orderBy('event_template.name')
      .orderBy('event_session.id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export const sessionById = (db: Tx, id: string) => db.selectFrom('event_session').selectAll().where('id', '=', id).executeTakeFirst();

/** New capacity, never below what is taken (sold and held): one conditional update. */
export async function setSessionCapacity(db: Tx, id: string, capacity: number): Promise<boolean> {
  const result = await db
    .updateTable('event_session')
    .set({ capacity })
    .where('id', '=', id)
    .where((eb) => eb.or([eb.lit(capacity === -1), eb('used_capacity', '<=', capacity)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSessionClosed(db: Tx, id: string, closed: boolean) {
  await db.updateTable('event_session').set({ sale_closed: closed ? 1 : 0 }).where('id', '=', id).execute();
}

/** The ticket types of these events' ticket groups (tickets, not memberships or gift cards), in catalog order. */
export const ticketTypesOfEvents = (db: Tx, eventIds: string[]) =>
  eventIds.length
    ? db
        .selectFrom('ticket_group')
        .innerJoin('ticket_group_rule', 'ticket_group_rule.ticket_group_id', 'ticket_group.id')
        .innerJoin('ticket_type', 'ticket_type.id', 'ticket_group_rule.ticket_type_id')
        .select(['ticket_group.event_template_id', 'ticket_type.id', 'ticket_type.name', 'ticket_group.id as ticket_group_id', 'ticket_group.handler'])
        .where('ticket_group.event_template_id', 'in', eventIds)
        .where('ticket_group.handler', 'in', ['tickets', 'seated'])
        .orderBy('ticket_group.rank')
        .orderBy('ticket_group_rule.rank')
        .execute()
    : Promise.resolve([]);

/** The default seller's time zone (the first seller; UTC when there is none): the desk's days are days at the venue. */
export async function defaultSellerZone(db: Tx) {
  return (await db.selectFrom('seller').select('timezone').orderBy('id').executeTakeFirst())?.timezone ?? 'UTC';
}
