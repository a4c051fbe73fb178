import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { TicketGroupRuleTable, TicketGroupTable, TicketTypeTable } from '../db/schema.js';
import { configOfEventSeller, groupsOfEvents, rulesOfGroups, typesByIds } from './events.repository.js';
import { entryPrice, groupTypesOf, type GroupTypes } from './serialize.js';
import { CONFIG, withOutsideFees } from '@foyer/contracts';
import { canSee, type Viewer } from './viewer.js';
import { mustExist } from '../must-exist.js';

/** What a viewer may buy at some events: visible groups, their rules and types, lowest prices. */
export interface Offer {
  groups: Selectable<TicketGroupTable>[];
  rules: Selectable<TicketGroupRuleTable>[];
  types: Selectable<TicketTypeTable>[];
  typeById: Map<string, Selectable<TicketTypeTable>>;
  /** Lowest advertised entry price per group id and per event id (minor units). */
  groupMinPrice: Map<string, number>;
  eventMinPrice: Map<string, number>;
  /** Each group's type ids and lowest advertised list price (before discounts). */
  groupTypes: Map<string, GroupTypes>;
  /** A type's price as advertised: its entry price, with the outside fees when the seller says so (docs/events.md#limits). */
  advertised: (type: Selectable<TicketTypeTable>) => number;
}

export async function loadOffer(db: Tx, eventIds: string[], viewer: Viewer): Promise<Offer> {
  const groups = (await groupsOfEvents(db, eventIds)).filter((g) => canSee(viewer, g.hidden_type));
  const rules = await rulesOfGroups(db, groups.map((g) => g.id));
  const types = await typesByIds(db, [...new Set(rules.map((r) => r.ticket_type_id))]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const groupMinPrice = new Map<string, number>();
  const eventMinPrice = new Map<string, number>();
  const eventOfGroup = new Map(groups.map((g) => [g.id, g.event_template_id]));
  const withFees = await advertisesFees(db, eventIds);
  const advertised = (type: Selectable<TicketTypeTable>) => (withFees ? withOutsideFees(entryPrice(type), { fixedMinor: type.fee_fixed_outside, percent: type.fee_percent_outside }) : entryPrice(type));
  for (const rule of rules) {
    const type = typeById.get(rule.ticket_type_id);
    if (!type) continue;
    const price = advertised(type);
    const lowest = (map: Map<string, number>, key: string) => map.set(key, Math.min(map.get(key) ?? Infinity, price));
    lowest(groupMinPrice, rule.ticket_group_id);
    lowest(eventMinPrice, mustExist(eventOfGroup.get(rule.ticket_group_id), `event of group ${rule.ticket_group_id}`));
  }
  const groupTypes = groupTypesOf(rules, typeById, (type, list) => (withFees ? withOutsideFees(list, { fixedMinor: type.fee_fixed_outside, percent: type.fee_percent_outside }) : list));
  return { groups, rules, types, typeById, groupMinPrice, eventMinPrice, groupTypes, advertised };
}

/** Whether the events' seller advertises prices with their fees (web.advertise_price_including_fees). */
async function advertisesFees(db: Tx, eventIds: string[]): Promise<boolean> {
  if (!eventIds.length) return false;
  const row = await configOfEventSeller(db, eventIds[0], CONFIG.advertisePriceIncludingFees);
  return row ? ['true', '1', '"true"'].includes(row.value.trim()) : false;
}
