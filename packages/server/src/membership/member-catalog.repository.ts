import type { Tx } from '../db/database.js';

// The rows of a seller's member-benefit catalog (docs/memberships.md); member-catalog.ts builds the catalog from them.

/** The seller's member rules, members-only groups, groups of members-only events, and time zone. */
export async function memberCatalogRows(tx: Tx, sellerId: string) {
  const rules = await tx.selectFrom('membership_rule').selectAll().where('seller_id', '=', sellerId).execute();
  const groups = await tx
    .selectFrom('ticket_group')
    .innerJoin('event_template', 'event_template.id', 'ticket_group.event_template_id')
    .select('ticket_group.id')
    .where('event_template.seller_id', '=', sellerId)
    .where('ticket_group.hidden_type', '=', 'public_member_only')
    .execute();
  const eventGroups = await tx
    .selectFrom('ticket_group')
    .innerJoin('event_template', 'event_template.id', 'ticket_group.event_template_id')
    .select(['ticket_group.id', 'ticket_group.event_template_id'])
    .where('event_template.seller_id', '=', sellerId)
    .where('event_template.hidden_type', '=', 'public_member_only')
    .execute();
  const seller = await tx.selectFrom('seller').select('timezone').where('id', '=', sellerId).executeTakeFirstOrThrow();
  return { rules, groups, eventGroups, seller };
}
