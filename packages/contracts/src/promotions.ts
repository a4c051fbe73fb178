import { z } from 'zod';
import { ZJson, ZMoney, ZOpenTermFields } from './wire-primitives.js';
import { PROMO_CODE_MAX, PROMO_CODE_MIN } from './promotion-texts.js';
import { ZResourceList } from './resources.js';
import { RESIDENT_COUNTRIES } from './rules/resident-zip.js';

/**
 * Promotions (docs/promotions.md): cart modifiers activated by code
 * groups, codes with usage limits, code-required groups, default codes. The catalog part is under
 * `promotions` of the catalog document; the wire part is the cart's `cartmods` and `promo_codes`,
 * POST my/cart/{id}/apply_code and GET code/{code}.
 */

const Key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, "-" or "_", at most 64');
const DateRef = z.string().regex(/^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,4})?)$/, 'YYYY-MM-DD, "today" or "today+N"');
/** A ticket group named by its event: "event-key/group-key". */
const GroupRef = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}\/[a-z0-9][a-z0-9_-]{0,63}$/, '"event-key/group-key"');
/** Codes as typed: letters, digits, "-" and "_"; matched without regard to case. */
const CODE_LENGTH = `A code has ${PROMO_CODE_MIN} to ${PROMO_CODE_MAX} characters.`;
const CodeText = z.string().trim().min(PROMO_CODE_MIN, CODE_LENGTH).max(PROMO_CODE_MAX, CODE_LENGTH).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "-" or "_"');

export const CARTMOD_KINDS = ['percent_off', 'amount_off', 'fixed_price'] as const;
export const CARTMOD_SCOPES = ['ticket_type', 'ticket_group', 'event', 'cart'] as const;

export const ZCatalogCodeGroup = z.object({
  key: Key,
  name: z.string().min(1).max(200),
  /** Shown by the code modal when a reserve into a code-required group is refused. */
  description: z.string().max(1000).optional(),
  /** Ticket groups that need a code of this group in the cart before they can be reserved. */
  required_for: z.array(GroupRef).default([]),
  /** A resident discount (docs/promotions.md#code-groups zip-code-as-discount): a buyer's ZIP (US, 5 digits) or postcode (GB) starting with one of the prefixes acts as its code. */
  resident: z.object({ country: z.enum(RESIDENT_COUNTRIES), zip_prefixes: z.array(z.string().trim().min(1).max(10)).min(1) }).optional(),
  /** No longer read here: city-pass groups are the configuration entry web.citypass_code_groups (docs/promotions.md#codes); `catalog validate` says so. */
  citypass: z.unknown().optional(),
});

/**
 * docs/promotions.md#codes `citypass_code_groups` (configuration entry web.citypass_code_groups): the city-pass
 * groups (docs/promotions.md#applying-codes). A voucher matching adult_regexp or child_regexp (after upper-casing and dropping
 * spaces and dashes) is one use of its group, for one adult ticket or one child ticket (a type whose
 * name contains child_keyword, default "child"). Groups are tried in order.
 */
export const ZCitypassCodeGroups = z.array(
  z.object({
    code_group: Key,
    adult_regexp: z.string().min(1).max(500),
    child_regexp: z.string().min(1).max(500),
    child_keyword: z.string().min(1).max(50).default('child'),
  }),
);
export type TCitypassCodeGroups = z.infer<typeof ZCitypassCodeGroups>;

export const ZCatalogCode = z.object({
  code: CodeText,
  group: Key,
  /** How many carts may use it in all; -1: no limit. */
  max_uses: z.number().int().min(-1).default(-1),
  /** How many tickets it may discount in one order; none: every matching ticket. */
  max_per_order: z.number().int().min(1).optional(),
  /** How many orders of one buyer (identity) may use it; none: no limit. */
  max_per_identity: z.number().int().min(1).optional(),
  valid_from: DateRef.optional(),
  /** The last day it is valid (inclusive). */
  valid_to: DateRef.optional(),
});

export const ZCatalogCartMod = z
  .object({
    key: Key,
    name: z.string().min(1).max(200),
    description: z.string().max(1000).optional(),
    kind: z.enum(CARTMOD_KINDS),
    /** percent_off: a percentage ("10", "12.5"); amount_off and fixed_price: money ("2.50"). */
    value: z.string().regex(/^\d+(\.\d{1,2})?$/, 'a number with at most 2 places'),
    scope: z.enum(CARTMOD_SCOPES),
    ticket_types: z.array(Key).default([]),
    ticket_groups: z.array(GroupRef).default([]),
    events: z.array(Key).default([]),
    /** The modifier applies only when at least this many tickets match. */
    min_tickets: z.number().int().min(1).optional(),
    /** At most this many tickets are discounted (the dearest first). */
    max_tickets: z.number().int().min(1).optional(),
    /** Other tickets the cart must hold, e.g. two adults for "children free with two adults". */
    requires: z.object({ ticket_types: z.array(Key).min(1), min: z.number().int().min(1) }).optional(),
    valid_from: DateRef.optional(),
    valid_to: DateRef.optional(),
    session_from: DateRef.optional(),
    session_to: DateRef.optional(),
    /** false: a ticket it discounts takes no other modifier, and it skips tickets already discounted. */
    stackable: z.boolean().default(false),
    /** Matching tickets block checkout until a code of its groups is applied (docs/promotions.md#applying-codes blocked cart). */
    blocking_checkout: z.boolean().default(false),
    /** Code groups whose codes activate it; empty: active in every cart. */
    code_groups: z.array(Key).default([]),
  })
  .refine((m) => m.kind !== 'percent_off' || Number(m.value) <= 100, { error: 'a percentage is at most 100', path: ['value'] })
  .refine((m) => m.min_tickets === undefined || m.max_tickets === undefined || m.min_tickets <= m.max_tickets, { error: 'min_tickets must not exceed max_tickets', path: ['min_tickets'] })
  .refine((m) => !m.blocking_checkout || m.code_groups.length > 0, { error: 'a blocking modifier needs code_groups (the codes that unblock it)', path: ['code_groups'] });

export const ZCatalogPromotions = z.object({
  code_groups: z.array(ZCatalogCodeGroup).default([]),
  codes: z.array(ZCatalogCode).default([]),
  cart_mods: z.array(ZCatalogCartMod).default([]),
  /** No longer read here: default codes are the configuration entry web.default_promo_codes (docs/promotions.md#codes); `catalog validate` says so. */
  default_codes: z.array(z.string()).optional(),
});

/** docs/promotions.md#codes `default_promo_codes` (configuration entry web.default_promo_codes): the first is applied to every cart (docs/promotions.md#the-storefront). */
export const ZDefaultPromoCodes = z.array(CodeText);
export type TCatalogPromotions = z.infer<typeof ZCatalogPromotions>;

/** POST my/cart/{id}/apply_code (docs/promotions.md#applying-codes). `remove: true` takes the code off the cart. */
export const ZApplyCode = z
  .object({
    /** A code, or with handler "zip" a ZIP code or postcode (resident discount). */
    code: z.string().trim().min(PROMO_CODE_MIN, CODE_LENGTH).max(PROMO_CODE_MAX, CODE_LENGTH),
    handler: z.enum(['zip', 'citypass']).optional(),
    require_benefit: z.boolean().optional(),
    remove: z.boolean().optional(),
  })
  .strict();
export type TApplyCode = z.infer<typeof ZApplyCode>;

/** A pre-reserve code as my/cart/modify takes it: the code, or the code with a handler (city pass). */
export const ZPromoCodeEntry = z.union([
  z.string().max(200),
  z.object({ code: z.string().max(200), handler: z.string().max(50).optional(), handler_data: ZJson.optional() }),
]);

/** One cart modifier as the cart carries it (docs/promotions.md#cart-modifiers cart mods). `discount` is what it took off. */
export const ZCartModOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount: ZMoney,
  blocking_checkout: z.boolean(),
  resource: z.enum(['ticket_type', 'ticket_group', 'event_template', 'cart']),
  resource_id: z.string().nullable(),
  tickets_affected: z.array(z.string()),
  activating_code_groups: z.array(z.string()),
});
export type TCartModOut = z.infer<typeof ZCartModOut>;

/** A promo code as answers name it: the code and the code group it belongs to. */
const ZCodeKeys = { code: z.string(), code_group_id: z.string() };

/** A code applied to a cart. */
export const ZCartPromoCode = z.object({
  ...ZCodeKeys,
  phase: z.enum(['pre', 'post', 'default', 'zip', 'citypass']),
  /** true: a ticket on the cart is of a code-required group that only this code admits; it cannot be removed while that ticket is held (no Remove button). */
  required: z.boolean().optional(),
});
export type TCartPromoCode = z.infer<typeof ZCartPromoCode>;

/** GET code/{code} (docs/promotions.md#cart-modifiers Code lookup; mode=advertise adds what it gives). */
export const ZCodeLookup = z.object({
  ...ZCodeKeys,
  ...ZOpenTermFields,
  exhausted: z.boolean(),
});
export const ZCodeLookupDocument = z.object({
  code: ZResourceList(ZCodeLookup),
  cartmod: ZResourceList(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), kind: z.enum(CARTMOD_KINDS), value: z.string(), ticket_type_ids: z.array(z.string()) })).optional(),
  _total: z.number().int(),
});
export type TCodeLookupDocument = z.infer<typeof ZCodeLookupDocument>;
