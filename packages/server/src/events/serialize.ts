import { fromMinor, INCUMBENT_EVENT_FIELDS, type TEventSession, type TEventTemplate, type TTicketGroup, type TTicketGroupRule, type TTicketType, type TVenue, type TSeller, type TConfigEntry, type TMessageRule, type TMembershipRule, type TImage, type TListedEvent } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type {
  ConfigEntryTable, EventSessionTable, EventTemplateTable, ImageTable, MembershipRuleTable, MessageRuleTable,
  SellerTable, TicketGroupRuleTable, TicketGroupTable, TicketTypeTable, VenueTable,
} from '../db/schema.js';
import { localDateTime, localTime } from '@foyer/contracts/rules';
import { availableCapacity } from './session-rules.js';

/** Row → wire shape. The only place that knows both. */

const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
const money = (minor: number | null): string | null => (minor === null ? null : fromMinor(minor));

/** A `meta` sibling entry: the resource's JSON meta with its id. */
export function metaOut(resourceId: string, meta: string) {
  return { resource_id: resourceId, ...(JSON.parse(meta) as Record<string, unknown>) };
}

export function sellerOut(row: Selectable<SellerTable>): TSeller {
  return { id: row.id, name: row.name, timezone: row.timezone, currency: row.currency, meta: json(row.meta) as TSeller['meta'] };
}

export function venueOut(row: Selectable<VenueTable>): TVenue {
  return { id: row.id, seller_id: row.seller_id, name: row.name, timezone: row.timezone, address: row.address };
}

export type EventOut = TListedEvent;

export function eventOut(row: Selectable<EventTemplateTable>, minPrice: number | null, venue?: Selectable<VenueTable>): EventOut {
  return {
    id: row.id,
    seller_id: row.seller_id,
    venue_id: row.venue_id,
    name: row.name,
    subtitle: row.subtitle,
    summary: row.summary,
    description: row.description,
    category: row.category,
    event_type: row.event_type as TEventTemplate['event_type'],
    hidden_type: row.hidden_type as TEventTemplate['hidden_type'],
    meta: json(row.meta) as EventOut['meta'],
    _rank: row.rank,
    min_price: money(minPrice),
    venue: venue ? { name: venue.name, timezone: venue.timezone } : null,
    ...INCUMBENT_EVENT_FIELDS,
  };
}

export function ticketTypeOut(row: Selectable<TicketTypeTable>): TTicketType {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    description: row.description,
    currency_amount: fromMinor(row.currency_amount),
    currency_amount_min: money(row.currency_amount_min),
    currency_amount_max: money(row.currency_amount_max),
    discounted_amount: money(row.discounted_amount),
    fee_fixed_outside: money(row.fee_fixed_outside),
    fee_percent_outside: row.fee_percent_outside,
    _rank: row.rank,
  };
}

type Priced = Pick<Selectable<TicketTypeTable>, 'currency_amount' | 'currency_amount_min' | 'discounted_amount'>;

/** What a fixed-price ticket costs: the discounted amount when one is set and lower. */
export function unitPrice(type: Priced): number {
  return type.discounted_amount !== null && type.discounted_amount < type.currency_amount ? type.discounted_amount : type.currency_amount;
}

/** The lowest price a buyer can pay for a type: the flexible minimum where there is one. */
export function entryPrice(type: Priced): number {
  return type.currency_amount_min ?? unitPrice(type);
}

/** A type's list price before any discounted_amount (a ticket group's originalPrice, docs/events.md#data). */
export function listPrice(type: Priced): number {
  return type.currency_amount_min ?? type.currency_amount;
}

/** A group's types and lowest list price, from its rules (ticket_group.types and originalPrice). */
export interface GroupTypes {
  types: string[];
  originalPrice: number | null;
}

/** Each group's GroupTypes from the rules and types in hand; `price` maps a list price as the caller advertises it. */
export function groupTypesOf(rules: readonly Selectable<TicketGroupRuleTable>[], typeById: ReadonlyMap<string, Selectable<TicketTypeTable>>, price: (type: Selectable<TicketTypeTable>, list: number) => number = (_t, list) => list): Map<string, GroupTypes> {
  const out = new Map<string, GroupTypes>();
  for (const rule of rules) {
    const type = typeById.get(rule.ticket_type_id);
    const entry = out.get(rule.ticket_group_id) ?? { types: [], originalPrice: null };
    if (!entry.types.includes(rule.ticket_type_id)) entry.types.push(rule.ticket_type_id);
    if (type) entry.originalPrice = Math.min(entry.originalPrice ?? Infinity, price(type, listPrice(type)));
    out.set(rule.ticket_group_id, entry);
  }
  return out;
}

export function ticketGroupOut(row: Selectable<TicketGroupTable>, usedInSession: number, lowestPrice: number | null, groupTypes: GroupTypes = { types: [], originalPrice: lowestPrice }): TTicketGroup {
  const available = row.capacity === -1 ? Infinity : row.capacity + row.oversell_capacity - usedInSession;
  return {
    id: row.id,
    event_template_id: row.event_template_id,
    name: row.name,
    description: row.description,
    summary: row.summary,
    handler: row.handler as TTicketGroup['handler'],
    hidden_type: row.hidden_type as TTicketGroup['hidden_type'],
    min_tickets_per_order: row.min_tickets_per_order,
    max_tickets_per_order: row.max_tickets_per_order,
    capacity: row.capacity,
    oversell_capacity: row.oversell_capacity,
    used_capacity: usedInSession,
    exclude_from_event_capacity: row.exclude_from_event_capacity === 1,
    sold_out: available <= 0,
    color: row.color,
    start_policy: row.start_policy as TTicketGroup['start_policy'],
    start_policy_date: row.start_policy_date,
    duration_new: row.duration_new,
    additional_info_spec: json(row.additional_info_spec),
    sales_start: row.sales_start,
    sales_end: row.sales_end,
    meta: json(row.meta) as TTicketGroup['meta'],
    price: money(lowestPrice),
    originalPrice: money(groupTypes.originalPrice),
    types: groupTypes.types,
    _rank: row.rank,
  };
}

export function ruleOut(row: Selectable<TicketGroupRuleTable>): TTicketGroupRule {
  return {
    id: row.id,
    ticket_group_id: row.ticket_group_id,
    ticket_type_id: row.ticket_type_id,
    party_role: row.party_role,
    named: row.named as TTicketGroupRule['named'],
    emailed: row.emailed === 1,
    min: row.min,
    max: row.max,
    _rank: row.rank,
  };
}

/** A session on the wire; `sellerId` is its event's seller, `timezone` its venue's. */
export function sessionOut(row: Selectable<EventSessionTable>, timezone: string, sellerId: string): TEventSession {
  const available = availableCapacity(row);
  return {
    id: row.id,
    event_template_id: row.event_template_id,
    start_datetime: row.start_datetime,
    end_datetime: row.end_datetime,
    start_datetime_local: localDateTime(row.start_datetime, timezone),
    end_datetime_local: localDateTime(row.end_datetime, timezone),
    startTime: localTime(row.start_datetime, timezone),
    endTime: localTime(row.end_datetime, timezone),
    capacity: row.capacity,
    oversell_capacity: row.oversell_capacity,
    used_capacity: row.used_capacity,
    sold_out: available === 0,
    availableCapacity: available,
    seller_id: sellerId,
    sold_quantity: row.used_capacity,
    oversold_out: available === 0,
    redeemed_count: 0,
    largest_stage: null,
    portal_id: null,
  };
}

export function configOut(row: Selectable<ConfigEntryTable>): TConfigEntry {
  return { id: row.id, resource_id: row.resource_id, namespace: row.namespace, name: row.name, value: json(row.value) };
}

export function messageRuleOut(row: Selectable<MessageRuleTable>): TMessageRule {
  return { id: row.id, event_template_id: row.event_template_id, _rank: row.rank, actions: json(row.actions) as TMessageRule['actions'], triggers: json(row.triggers) as TMessageRule['triggers'] };
}

export function membershipRuleOut(row: Selectable<MembershipRuleTable>): TMembershipRule {
  return {
    id: row.id,
    membership_ticket_type_id: row.membership_ticket_type_id,
    ticket_type_id: row.ticket_type_id,
    quantity: row.quantity,
    period: row.period as TMembershipRule['period'],
  };
}

export function imageOut(row: Pick<Selectable<ImageTable>, 'id' | 'content_type' | 'width' | 'height' | 'alt_text'>): TImage {
  return { id: row.id, content_type: row.content_type, width: row.width, height: row.height, alt_text: row.alt_text };
}
