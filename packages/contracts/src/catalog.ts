import { z } from 'zod';
import { ZJson } from './wire-primitives.js';
import { GROUP_HANDLERS, HIDDEN_TYPES, NAMED_VALUES } from './resources.js';
import { MEMBERS_MAX } from './memberships.js';
import { MEMBER_ROLES } from './rules/member-roles.js';
import { ZCatalogGroupSeating, ZCatalogSeatTemplate } from './seats.js';
import { ZCatalogPromotions } from './promotions.js';

/**
 * The catalog document (docs/catalog.md#14-import-semantics): everything a seller sells, as JSON, imported idempotently.
 * Objects are named by a `key` unique within their kind; a re-import with the same keys updates.
 * Dates may be absolute (YYYY-MM-DD) or relative to the import day in the seller's timezone
 * ("today", "today+90"), so a demo catalog stays current.
 */

const Key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, "-" or "_", at most 64');
const Money = z.string().regex(/^\d+(\.\d{1,2})?$/, 'a decimal amount with at most 2 places, e.g. "12.50"');
const Percent = z.string().regex(/^\d+(\.\d{1,4})?$/, 'a percentage, e.g. "2.5"');
const DateRef = z.string().regex(/^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,4})?)$/, 'YYYY-MM-DD, "today" or "today+N"');
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm, 24-hour');
const LocalDateTime = z.string().regex(
  /^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,4})?)T([01]\d|2[0-3]):[0-5]\d$/,
  'YYYY-MM-DDTHH:mm or todayT HH:mm (venue-local)',
);
const Capacity = z.number().int().min(-1);

/** An ISO 8601 duration (P1Y, P6M, P2W, P30D, PT4H, P1Y2M…): a ticket group's duration_new (docs/catalog.md). */
export const ISO_DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export const ZCatalogImage = z.object({
  key: Key,
  /** Path relative to the catalog file. PNG, JPEG, WebP or SVG. */
  file: z.string().min(1),
  alt_text: z.string().optional(),
});

export const ZCatalogTicketType = z
  .object({
    key: Key,
    name: z.string().min(1).max(200),
    summary: z.string().max(1000).optional(),
    description: z.string().max(20000).optional(),
    price: Money,
    price_min: Money.optional(),
    price_max: Money.optional(),
    discounted_price: Money.optional(),
    fee_fixed_outside: Money.optional(),
    fee_percent_outside: Percent.optional(),
  })
  .refine((t) => (t.price_min === undefined) === (t.price_max === undefined), {
    error: 'price_min and price_max go together (a flexible price needs both)',
    path: ['price_max'],
  })
  .refine((t) => t.price_min === undefined || Number(t.price_min) <= Number(t.price_max), {
    error: 'price_min must not exceed price_max',
    path: ['price_min'],
  });

export const ZCatalogGroupType = z.object({
  ticket_type: Key,
  party_role: z.string().optional(),
  named: z.enum(NAMED_VALUES).default('no'),
  emailed: z.boolean().default(false),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});

export const ZCatalogTicketGroup = z.object({
  key: Key,
  name: z.string().min(1).max(200),
  description: z.string().max(20000).optional(),
  summary: z.string().max(1000).optional(),
  handler: z.enum(GROUP_HANDLERS).default('tickets'),
  hidden_type: z.enum(HIDDEN_TYPES).default('public_browsable'),
  min_tickets_per_order: z.number().int().min(0).optional(),
  max_tickets_per_order: z.number().int().min(1).optional(),
  capacity: Capacity.default(-1),
  oversell_capacity: z.number().int().min(0).default(0),
  exclude_from_event_capacity: z.boolean().default(false),
  color: z.string().optional(),
  start_policy: z.enum(['fixedfrom', 'fixedto']).optional(),
  start_policy_date: DateRef.optional(),
  duration_new: z.string().regex(ISO_DURATION, 'must be an ISO 8601 duration such as P1Y, P6M, P30D or PT4H').optional(),
  additional_info_spec: z.unknown().optional(),
  sales_start: DateRef.optional(),
  sales_end: DateRef.optional(),
  meta: ZJson.optional(),
  /** Handler "seated" only: the seat template and zones it sells (docs/seating.md). */
  seating: ZCatalogGroupSeating.optional(),
  types: z.array(ZCatalogGroupType).min(1),
});

export const ZCatalogSchedule = z
  .object({
    from: DateRef,
    to: DateRef,
    /** ISO weekdays, 1 = Monday … 7 = Sunday; all when omitted. */
    weekdays: z.array(z.number().int().min(1).max(7)).optional(),
    times: z.array(Time).min(1),
    duration_minutes: z.number().int().min(1).max(24 * 60),
    capacity: Capacity,
    oversell_capacity: z.number().int().min(0).default(0),
  });

export const ZCatalogSession = z.object({
  start: LocalDateTime,
  end: LocalDateTime,
  capacity: Capacity,
  oversell_capacity: z.number().int().min(0).default(0),
});

/** Sales already made elsewhere (box office, a previous system): sets used capacity of one session. */
export const ZCatalogSessionUsage = z.object({
  start: LocalDateTime,
  used_capacity: z.number().int().min(0),
});

export const ZCatalogMessageRule = z.object({
  key: Key,
  rank: z.number().int().default(0),
  actions: z.array(ZJson).min(1),
  triggers: z.array(ZJson).min(1),
});

export const ZCatalogEvent = z.object({
  key: Key,
  name: z.string().min(1).max(200),
  subtitle: z.string().max(500).optional(),
  summary: z.string().max(2000).optional(),
  /** HTML; sanitised when shown. */
  description: z.string().max(50000).optional(),
  category: z.string().max(100).optional(),
  venue: Key,
  event_type: z.enum(['single', 'repeating', 'all_day', 'flexible']).default('repeating'),
  hidden_type: z.enum(HIDDEN_TYPES).default('public_browsable'),
  rank: z.number().int().default(0),
  meta: ZJson.optional(),
  /** Event configuration entries by "namespace.name" style key, e.g. "web.price_display". */
  config: ZJson.optional(),
  image_profile: Key.optional(),
  image_cover: Key.optional(),
  ticket_groups: z.array(ZCatalogTicketGroup).min(1),
  schedules: z.array(ZCatalogSchedule).default([]),
  sessions: z.array(ZCatalogSession).default([]),
  session_usage: z.array(ZCatalogSessionUsage).default([]),
  message_rules: z.array(ZCatalogMessageRule).default([]),
});

export const ZCatalogMembershipRule = z.object({
  key: Key,
  membership_ticket_type: Key,
  /** A ticket type key, or "*" for any. */
  ticket_type: z.union([Key, z.literal('*')]),
  quantity: z.number().int().min(0),
  period: z.enum(['per_session', 'per_day', 'per_membership']).default('per_session'),
});

/**
 * A membership level (docs/memberships.md): what a ticket type of a "membership" group sells —
 * the term, the renewal window and the members (roles, how many, e-mail required).
 */
export const ZCatalogMembershipLevel = z
  .object({
    /** The level's ticket type key (sold in a group with handler "membership"). */
    ticket_type: Key,
    term_months: z.number().int().min(1).max(120).default(12),
    /** Renewal opens this many days before the membership ends. */
    allowed_period_days: z.number().int().min(0).max(3660).default(30),
    roles: z
      .array(
        z.object({
          role: z.enum(MEMBER_ROLES),
          min: z.number().int().min(0).default(0),
          max: z.number().int().min(1).default(1),
          email_required: z.boolean().default(false),
        }),
      )
      .min(1),
    member_event_purchase_limit: z.number().int().min(0).optional(),
  })
  .refine((l) => l.roles.every((r) => r.min <= r.max), { error: 'a role\'s min must not exceed its max', path: ['roles'] })
  .refine((l) => new Set(l.roles.map((r) => r.role)).size === l.roles.length, { error: 'each role at most once', path: ['roles'] })
  .refine((l) => l.roles.reduce((n, r) => n + r.max, 0) <= MEMBERS_MAX, { error: `at most ${MEMBERS_MAX} members in all`, path: ['roles'] });

export const ZCatalogConfig = z.object({
  /** "seller" for the seller itself, or an event key. */
  resource: z.string().min(1),
  namespace: z.string().min(1),
  name: z.string().min(1),
  value: z.unknown(),
});

export const ZCatalog = z.object({
  $schema: z.string().optional(),
  seller: z.object({
    key: Key,
    name: z.string().min(1).max(200),
    timezone: z.string().min(1),
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as "USD"'),
    meta: ZJson.optional(),
  }),
  venues: z.array(
    z.object({ key: Key, name: z.string().min(1), timezone: z.string().optional(), address: z.string().optional() }),
  ).min(1),
  images: z.array(ZCatalogImage).default([]),
  /** Seat maps of venue rooms, used by "seated" ticket groups (docs/seating.md). */
  seat_templates: z.array(ZCatalogSeatTemplate).default([]),
  ticket_types: z.array(ZCatalogTicketType).min(1),
  events: z.array(ZCatalogEvent).default([]),
  membership_levels: z.array(ZCatalogMembershipLevel).default([]),
  membership_rules: z.array(ZCatalogMembershipRule).default([]),
  config: z.array(ZCatalogConfig).default([]),
  /** Cart modifiers, code groups and codes (docs/promotions.md). */
  promotions: ZCatalogPromotions.default({ code_groups: [], codes: [], cart_mods: [] }),
});
export type TCatalog = z.infer<typeof ZCatalog>;
export type TCatalogInput = z.input<typeof ZCatalog>;
export type TCatalogEvent = z.infer<typeof ZCatalogEvent>;
export type TCatalogTicketGroup = z.infer<typeof ZCatalogTicketGroup>;
export type TCatalogSchedule = z.infer<typeof ZCatalogSchedule>;
export type TCatalogMembershipLevel = z.infer<typeof ZCatalogMembershipLevel>;
