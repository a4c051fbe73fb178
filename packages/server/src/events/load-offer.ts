import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { TicketGroupRuleTable, TicketGroupTable, TicketTypeTable } from '../db/schema.js';
import { groupsOfEvents, rulesOfGroups, typesByIds } from './events.repository.js';
import { entryPrice } from './serialize.js';
import { canSee, type Viewer } from './viewer.js';

/** What a viewer may buy at some events: visible groups, their rules and types, lowest prices. */
export interface Offer {
  groups: Selectable<TicketGroupTable>[];
  rules: Selectable<TicketGroupRuleTable>[];
  types: Selectable<TicketTypeTable>[];
  typeById: Map<string, Selectable<TicketTypeTable>>;
  /** Lowest entry price per group id and per event id (minor units). */
  groupMinPrice: Map<string, number>;
  eventMinPrice: Map<string, number>;
}

export async function loadOffer(db: Tx, eventIds: string[], viewer: Viewer): Promise<Offer> {
  const groups = (await groupsOfEvents(db, eventIds)).filter((g) => canSee(viewer, g.hidden_type));
  const rules = await rulesOfGroups(db, groups.map((g) => g.id));
  const types = await typesByIds(db, [...new Set(rules.map((r) => r.ticket_type_id))]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const groupMinPrice = new Map<string, number>();
  const eventMinPrice = new Map<string, number>();
  const eventOfGroup = new Map(groups.map((g) => [g.id, g.event_template_id]));
  for (const rule of rules) {
    const type = typeById.get(rule.ticket_type_id);
    if (!type) continue;
    const price = entryPrice(type);
    const lowest = (map: Map<string, number>, key: string) => map.set(key, Math.min(map.get(key) ?? Infinity, price));
    lowest(groupMinPrice, rule.ticket_group_id);
    lowest(eventMinPrice, eventOfGroup.get(rule.ticket_group_id)!);
  }
  return { groups, rules, types, typeById, groupMinPrice, eventMinPrice };
}
