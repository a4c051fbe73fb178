import type { Tx } from '../db/database.js';

/** What a reservation needs to know about the ticket types asked for. */
export async function reservableTypes(db: Tx, sellerId: string, typeIds: string[]) {
  if (!typeIds.length) return { types: [], rules: [] };
  const types = await db.selectFrom('ticket_type').selectAll().where('seller_id', '=', sellerId).where('id', 'in', typeIds).execute();
  const rules = await db
    .selectFrom('ticket_group_rule')
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket_group_rule.ticket_group_id')
    .innerJoin('event_template', 'event_template.id', 'ticket_group.event_template_id')
    .select([
      'ticket_group_rule.ticket_group_id',
      'ticket_group_rule.ticket_type_id',
      'ticket_group_rule.named',
      'ticket_group_rule.emailed',
      'ticket_group_rule.min',
      'ticket_group_rule.max',
      'ticket_group.event_template_id',
      'ticket_group.name as group_name',
      'ticket_group.handler',
      'ticket_group.hidden_type',
      'ticket_group.capacity',
      'ticket_group.oversell_capacity',
      'ticket_group.exclude_from_event_capacity',
      'ticket_group.min_tickets_per_order',
      'ticket_group.max_tickets_per_order',
      'ticket_group.sales_start',
      'ticket_group.sales_end',
      'ticket_group.additional_info_spec',
      'ticket_group.start_policy',
      'ticket_group.start_policy_date',
      'ticket_group.duration_new',
      'ticket_group.rank as group_rank',
      'event_template.event_type',
      'ticket_group.meta as group_meta',
      'event_template.meta as event_meta',
    ])
    .where('event_template.seller_id', '=', sellerId)
    .where('ticket_group_rule.ticket_type_id', 'in', typeIds)
    .orderBy('ticket_group.rank')
    .execute();
  return { types, rules };
}

export type ReservableRule = Awaited<ReturnType<typeof reservableTypes>>['rules'][number];

export async function sessionsByIds(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db.selectFrom('event_session').selectAll().where('id', 'in', ids).execute();
}

/** Rules and limits of groups already in a cart (for re-checking order limits). */
export async function groupsWithRules(db: Tx, groupIds: string[]) {
  if (!groupIds.length) return { groups: [], rules: [] };
  const groups = await db
    .selectFrom('ticket_group')
    .select(['id', 'name', 'min_tickets_per_order', 'max_tickets_per_order', 'additional_info_spec'])
    .where('id', 'in', groupIds)
    .execute();
  const rules = await db.selectFrom('ticket_group_rule').select(['ticket_group_id', 'ticket_type_id', 'named', 'min', 'max']).where('ticket_group_id', 'in', groupIds).execute();
  return { groups, rules };
}

export async function eventHasSessions(db: Tx, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('event_session').select('id').where('event_template_id', '=', eventId).limit(1).executeTakeFirst();
  return !!row;
}
