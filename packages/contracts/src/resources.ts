import { z } from 'zod';
import { ZJson, ZMoney, ZPaging } from './wire-primitives.js';

/** Wire shapes of the catalog resources (docs/cart.md#data). Money: decimal strings; time: ISO-8601 UTC. */

export const HIDDEN_TYPES = ['public_browsable', 'public_link_only', 'public_member_only'] as const;
export const GROUP_HANDLERS = ['tickets', 'seated', 'donation', 'passes', 'codes', 'ledger', 'membership'] as const;
export const NAMED_VALUES = ['yes', 'no', 'optional'] as const;


export const ZSeller = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  currency: z.string().length(3),
  meta: ZJson,
});
export type TSeller = z.infer<typeof ZSeller>;

export const ZVenue = z.object({
  id: z.string(),
  seller_id: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
});
export type TVenue = z.infer<typeof ZVenue>;

export const ZEventTemplate = z.object({
  id: z.string(),
  seller_id: z.string(),
  venue_id: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  event_type: z.enum(['single', 'repeating', 'all_day', 'flexible']),
  hidden_type: z.enum(HIDDEN_TYPES),
  meta: ZJson,
  _rank: z.number().int(),
  // Incumbent-API fields that third-party clients type as required. Foyer keeps capacity per
  // session and has no portals, scanning, stages or ticket templates: these are null (and
  // dedicated_order false) so such clients parse Foyer's answers unchanged.
  capacity: z.number().int().nullable(),
  oversell_capacity: z.number().int().nullable(),
  dedicated_order: z.boolean(),
  portal_id: z.string().nullable(),
  release_sessions_until: z.string().nullable(),
  scan_code_type: z.string().nullable(),
  stage_size: z.number().int().nullable(),
  ticket_template_id: z.string().nullable(),
  /** Lowest price (listing and detail; null where not computed, e.g. embedded in a cart) and venue summary. */
  min_price: ZMoney.nullable(),
  venue: z.object({ name: z.string(), timezone: z.string() }).nullable(),
});
export type TEventTemplate = z.infer<typeof ZEventTemplate>;

/** What Foyer sends for the incumbent event fields it has no notion of (capacity is per session). */
export const INCUMBENT_EVENT_FIELDS = {
  capacity: null,
  oversell_capacity: null,
  dedicated_order: false,
  portal_id: null,
  release_sessions_until: null,
  scan_code_type: null,
  stage_size: null,
  ticket_template_id: null,
} as const satisfies Partial<TEventTemplate>;

/** An event as the listing and detail calls return it (every event_template carries these fields). */
export const ZListedEvent = ZEventTemplate;
export type TListedEvent = TEventTemplate;

export const ZTicketType = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  currency_amount: ZMoney,
  currency_amount_min: ZMoney.nullable(),
  currency_amount_max: ZMoney.nullable(),
  discounted_amount: ZMoney.nullable(),
  fee_fixed_outside: ZMoney.nullable(),
  fee_percent_outside: z.string().nullable(),
  _rank: z.number().int(),
});
export type TTicketType = z.infer<typeof ZTicketType>;

export const ZTicketGroup = z.object({
  id: z.string(),
  event_template_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  handler: z.enum(GROUP_HANDLERS),
  hidden_type: z.enum(HIDDEN_TYPES),
  min_tickets_per_order: z.number().int().nullable(),
  max_tickets_per_order: z.number().int().nullable(),
  /** Per session; -1 means unlimited. */
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  /** Used in the session asked about (0 when no session is in question). */
  used_capacity: z.number().int(),
  exclude_from_event_capacity: z.boolean(),
  sold_out: z.boolean(),
  color: z.string().nullable(),
  start_policy: z.enum(['fixedfrom', 'fixedto']).nullable(),
  start_policy_date: z.string().nullable(),
  duration_new: z.string().nullable(),
  additional_info_spec: z.unknown().nullable(),
  sales_start: z.string().nullable(),
  sales_end: z.string().nullable(),
  meta: ZJson,
  /** Lowest and highest price of its ticket types, decimal strings. */
  price: ZMoney.nullable(),
  /** The lowest list price before any discounted_amount (docs/cart.md#data); equal to price when nothing is discounted. */
  originalPrice: ZMoney.nullable(),
  /** The ids of its ticket types, in rank order (docs/events.md#data). */
  types: z.array(z.string()),
  summary: z.string().nullable(),
  _rank: z.number().int(),
});
export type TTicketGroup = z.infer<typeof ZTicketGroup>;

/** The rule linking a group and a type (docs/cart.md#data). */
export const ZTicketGroupRule = z.object({
  id: z.string(),
  ticket_group_id: z.string(),
  ticket_type_id: z.string(),
  party_role: z.string().nullable(),
  named: z.enum(NAMED_VALUES),
  emailed: z.boolean(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  _rank: z.number().int(),
});
export type TTicketGroupRule = z.infer<typeof ZTicketGroupRule>;

/** A session's span (ISO instants, UTC), as the session and the rows that show one carry it. Spread into z.object. */
export const ZSessionSpanFields = { start_datetime: z.string(), end_datetime: z.string() };

export const ZEventSession = z.object({
  id: z.string(),
  event_template_id: z.string(),
  ...ZSessionSpanFields,
  /** The same instants as venue wall-clock time with its UTC offset, e.g. "2026-11-24T10:00:00-05:00". */
  start_datetime_local: z.string(),
  end_datetime_local: z.string(),
  /** Venue-local wall-clock times, "HH:mm". */
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  used_capacity: z.number().int(),
  sold_out: z.boolean(),
  /** capacity + oversell_capacity − used_capacity; -1 when unlimited. */
  availableCapacity: z.number().int(),
  // Incumbent-API fields that third-party clients type as required (see docs/api.md).
  seller_id: z.string(),
  /** Places taken, held or sold (Foyer does not count them apart): equals used_capacity. */
  sold_quantity: z.number().int(),
  /** No place left even counting oversell (Foyer sells oversell online, so it equals sold_out before quantity filters). */
  oversold_out: z.boolean(),
  /** Foyer does not scan tickets: always 0. */
  redeemed_count: z.number().int(),
  largest_stage: z.number().int().nullable(),
  portal_id: z.string().nullable(),
});
export type TEventSession = z.infer<typeof ZEventSession>;

export const ZConfigEntry = z.object({
  id: z.string(),
  resource_id: z.string(),
  namespace: z.string(),
  name: z.string(),
  value: z.unknown(),
});
export type TConfigEntry = z.infer<typeof ZConfigEntry>;

export const ZMessageRule = z.object({
  id: z.string(),
  event_template_id: z.string(),
  _rank: z.number().int(),
  actions: z.array(ZJson),
  triggers: z.array(ZJson),
});
export type TMessageRule = z.infer<typeof ZMessageRule>;

/** A member allowance: holders of a membership level may take `quantity` of a ticket type ('*' = any). */
export const ZMembershipRule = z.object({
  id: z.string(),
  membership_ticket_type_id: z.string(),
  ticket_type_id: z.string(),
  quantity: z.number().int(),
  period: z.enum(['per_session', 'per_day', 'per_membership']),
});
export type TMembershipRule = z.infer<typeof ZMembershipRule>;

export const ZImage = z.object({
  id: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt_text: z.string().nullable(),
});
export type TImage = z.infer<typeof ZImage>;

export const ZCalendarDay = z.object({
  date: z.string(),
  status: z.enum(['available', 'sold_out', 'other']),
  min_price: ZMoney.nullable(),
  min_price_fees: z.object({ outside: ZMoney }).optional(),
  availability: z.object({ capacity: z.number().int(), used_capacity: z.number().int() }).optional(),
  pricePrefix: z.string().nullable().optional(),
});
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

/** One row of a price schedule: the price of a ticket type in a session. */
export const ZPriceScheduleEntry = z.object({
  event_session_id: z.string(),
  ticket_type_id: z.string(),
  ticket_group_id: z.string(),
  currency_amount: ZMoney,
  quantity: z.number().int(),
  total: ZMoney,
});
export type TPriceScheduleEntry = z.infer<typeof ZPriceScheduleEntry>;

/** `{ _count, _total, _data }` for one resource type: the one list schema of every document. */
export function ZResourceList<T extends z.ZodType>(item: T) {
  return z.object({ _count: z.number().int(), _total: z.number().int(), _data: z.array(item) });
}
export type TResourceList<T> = { _count: number; _total: number; _data: T[] };

/** A document of one resource list and its top-level `_total` (docs/api.md#responses): `{ [key]: { _count, _total, _data }, _total }`. */
export function ZListDocument<K extends string, T extends z.ZodType>(key: K, item: T) {
  const shape = { [key]: ZResourceList(item), _total: z.number().int() } as Record<K, ReturnType<typeof ZResourceList<T>>> & { _total: z.ZodNumber };
  return z.object(shape);
}

/** `meta` entries of a document: a resource's free-form meta, keyed by the resource it belongs to. */
export const ZMetaEntry = z.looseObject({ resource_id: z.string() });


/** The relational document every catalog read returns: one key per resource type (the primary and its embeds). */
export const ZDocument = z.object({
  _total: z.number().int().optional(),
  /** [offset, limit] of a paged list. */
  _limit: ZPaging.optional(),
  seller: ZResourceList(ZSeller).optional(),
  venue: ZResourceList(ZVenue).optional(),
  event_template: ZResourceList(ZEventTemplate).optional(),
  ticket_group: ZResourceList(ZTicketGroup).optional(),
  ticket_type: ZResourceList(ZTicketType).optional(),
  ticket_group_rule: ZResourceList(ZTicketGroupRule).optional(),
  event_session: ZResourceList(ZEventSession).optional(),
  config: ZResourceList(ZConfigEntry).optional(),
  message_rule: ZResourceList(ZMessageRule).optional(),
  membership_rule: ZResourceList(ZMembershipRule).optional(),
  image: ZResourceList(ZImage).optional(),
  calendar: ZResourceList(ZCalendarDay).optional(),
  price_schedule: ZResourceList(ZPriceScheduleEntry).optional(),
  meta: ZResourceList(ZMetaEntry).optional(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** Body of POST events/{id}/calendar, POST events/{id}/sessions and POST events/{id}/pricecheck. */
export const ZTicketTypesRequired = z.object({
  ticket_types_required: z
    .array(z.object({ ticket_type_id: z.string().min(1), quantity: z.number().int().min(0).max(1000).optional() }))
    .max(1000),
});
export type TTicketTypesRequired = z.infer<typeof ZTicketTypesRequired>;

/** The calendar accepts at most 10 different ticket types (docs/events.md#field-rules). */
export const CALENDAR_MAX_TICKET_TYPES = 10;
