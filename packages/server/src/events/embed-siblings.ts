import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventTemplateTable } from '../db/schema.js';
import { configOfResources, imagesByIds, messageRulesOfEvents, venuesByIds } from './events.repository.js';
import type { Offer } from './load-offer.js';
import { configOut, imageOut, messageRuleOut, metaOut, ruleOut, ticketGroupOut, ticketTypeOut, venueOut } from './serialize.js';

/** The embeds events share: listing and detail both resolve them here. */
export const EVENT_EMBEDS = [
  'venue',
  'meta',
  'ticket_group.meta',
  'ticket_group.config',
  'ticket_type',
  'ticket_group_rule',
  'message_rule',
  'config',
  'image',
] as const;

function imageIdsOf(meta: Record<string, unknown>): string[] {
  return ['image_profile', 'image_cover'].map((k) => meta[k]).filter((v): v is string => typeof v === 'string');
}

export async function eventSiblings(
  db: Tx,
  sellerId: string,
  events: Selectable<EventTemplateTable>[],
  offer: Offer,
  embed: Set<string>,
  groupUsed: (groupId: string) => number = () => 0,
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const eventIds = events.map((e) => e.id);
  const groupIds = new Set(offer.groups.filter((g) => eventIds.includes(g.event_template_id)).map((g) => g.id));
  const groups = offer.groups.filter((g) => groupIds.has(g.id));
  const rules = offer.rules.filter((r) => groupIds.has(r.ticket_group_id));
  if (embed.has('venue')) out.venue = (await venuesByIds(db, [...new Set(events.map((e) => e.venue_id))])).map(venueOut);
  if (embed.has('meta')) {
    out.meta = events.map((e) => metaOut(e.id, e.meta));
    if (embed.has('ticket_group.meta')) out.meta.push(...groups.map((g) => metaOut(g.id, g.meta)));
  }
  if (embed.has('ticket_group')) {
    out.ticket_group = groups.map((g) => ticketGroupOut(g, groupUsed(g.id), offer.groupMinPrice.get(g.id) ?? null, offer.groupTypes.get(g.id)));
  }
  if (embed.has('ticket_group_rule')) out.ticket_group_rule = rules.map(ruleOut);
  if (embed.has('ticket_type')) {
    const typeIds = new Set(rules.map((r) => r.ticket_type_id));
    out.ticket_type = offer.types.filter((t) => typeIds.has(t.id)).map(ticketTypeOut);
  }
  if (embed.has('message_rule')) out.message_rule = (await messageRulesOfEvents(db, eventIds)).map(messageRuleOut);
  const configResources = [
    ...(embed.has('config') ? eventIds : []),
    ...(embed.has('ticket_group.config') ? [...groupIds] : []),
  ];
  if (configResources.length) out.config = (await configOfResources(db, sellerId, configResources)).map(configOut);
  if (embed.has('image')) {
    const ids = events.flatMap((e) => imageIdsOf(JSON.parse(e.meta) as Record<string, unknown>));
    out.image = (await imagesByIds(db, [...new Set(ids)])).map(imageOut);
  }
  return out;
}
