import { z } from 'zod';
import { ZListDocument, ZResourceList } from './resources.js';
import { ZOpenTermFields, ZTermFields } from './wire-primitives.js';
import { GIFT_CODE_TEXT } from './membership-gift-texts.js';
import { MEMBER_EMAIL_MAX, MEMBER_NAME_MAX, MEMBERS_MAX } from './membership-limits.js';
import { MEMBER_ROLES } from './rules/member-roles.js';

export * from './membership-gift-texts.js';
export * from './membership-limits.js';
export * from './auto-renew-texts.js';

/**
 * Membership wire shapes (docs/memberships.md).
 *
 * A membership level is a ticket type sold in a ticket group with handler "membership"; booking
 * one creates one membership (member card) per named member, each with its own member id
 * (scan_code). The cards of one purchase share `card_set_id`; allowances (membership_rules) are
 * counted per card set, renewals extend every card of the set.
 */

/** docs/memberships.md#8-auto-renew: auto_renew_state is scheduled, cancelled, or none. */
export const AUTO_RENEW_STATES = ['none', 'scheduled', 'cancelled'] as const;

/** Current: valid today; upcoming: starts later (a renewal bought early); expired: valid_to passed. */
export const MEMBERSHIP_STATUSES = ['current', 'upcoming', 'expired'] as const;


/** docs/memberships.md#configuration config `member_reserve_session_beyond_term`: unset (default) = never. */
export const RESERVE_BEYOND_TERM = ['always', 'if_autorenew'] as const;

/** docs/memberships.md#4-refusals-error-envelope texts around memberships. */
export const MEMBERSHIP_TEXT = {
  memberLimitExceeded: 'You have reached the limit of member tickets for this visit.',
  membershipExpired: 'Your membership has expired. Renew it to book member tickets.',
  membersOnly: 'This event is for members only. Please log in or join to book.',
  beyondTerm: 'This session is after your membership ends.',
  renewNotYet: 'Your membership cannot be renewed yet.',
  noMembershipToRenew: 'There is no membership to renew.',
  alreadyMember: 'You already have a current membership. Renew it from your account.',
  membersRequired: 'Add at least one member.',
  roleNotAllowed: 'This role is not part of the membership level.',
  emailRequired: 'An e-mail address is required for this member.',
  loginToBuy: 'Please log in or register to buy a membership.',
  detailsLocked: 'Member names and e-mail addresses cannot be changed online. Please contact us to update them.',
} as const;

/** One role a level allows and how many cards of it (e.g. Family: child 0–4). */
export const ZLevelRole = z.object({
  role: z.enum(MEMBER_ROLES),
  min: z.number().int().min(0),
  max: z.number().int().min(1),
  /** Whether each member of this role must give an e-mail address. */
  email_required: z.boolean(),
});
export type TLevelRole = z.infer<typeof ZLevelRole>;

/**
 * A membership level (GET membership_levels): the term and the members a ticket type of a
 * "membership" group sells. `id` is the level's ticket type id.
 */
export const ZMembershipLevel = z.object({
  id: z.string(),
  ticket_type_id: z.string(),
  name: z.string(),
  /** Length of one term in months (e.g. 12): valid_to = valid_from + term. */
  term_months: z.number().int().min(1),
  /** Renewal opens this many days before valid_to (docs/memberships.md#5-renewal allowed_period). */
  allowed_period_days: z.number().int().min(0),
  roles: z.array(ZLevelRole).min(1),
  member_event_purchase_limit: z.number().int().nullable(),
});
export type TMembershipLevel = z.infer<typeof ZMembershipLevel>;

/** The level a card or a gift of membership is of: its ticket type (the level's id) and its name. Spread into z.object. */
const ZLevelFields = { ticket_type_id: z.string(), level_name: z.string() };
/** The same where a card may have no level (an operator-added member). */
const ZOpenLevelFields = { ticket_type_id: z.string().nullable(), level_name: z.string().nullable() };

/** The membership resource (docs/memberships.md#1-in-the-catalog): one member card. */
export const ZMembership = z.object({
  id: z.string(),
  /** The member id: works with every scan-code login method. */
  scan_code: z.string(),
  role: z.enum(MEMBER_ROLES),
  auto_renew_state: z.enum(AUTO_RENEW_STATES),
  /** Null only for a member an operator added by member id (CLI `member add`): no term tracked. */
  ...ZOpenTermFields,
  member_event_purchase_limit: z.number().int().nullable(),
  ticket_group_id: z.string().nullable(),
  ticket_order_id: z.string().nullable(),
  /** The ticket (membership purchase or last renewal) this card came from. */
  ticket_id: z.string().nullable(),
  /** The level (null for an operator-added member). */
  ...ZOpenLevelFields,
  /** Cards bought together share it; allowances and renewals are per card set. */
  card_set_id: z.string().nullable(),
  /** The owner account's identity (the buyer; null only for a gift not yet redeemed). */
  identity_id: z.string().nullable(),
  user_id: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** Renewal (docs/memberships.md#5-renewal): allowed now, else the day it opens ("renew from {date}", YYYY-MM-DD). */
  renewal: z.object({ allowed: z.boolean(), from: z.string() }).nullable(),
});
export type TMembership = z.infer<typeof ZMembership>;

/** A member on a membership cart item (names max 50; e-mail max 254, required where the role says). */
export const ZMemberInput = z
  .object({
    role: z.enum(MEMBER_ROLES),
    first_name: z.string().trim().min(1).max(MEMBER_NAME_MAX),
    last_name: z.string().trim().min(1).max(MEMBER_NAME_MAX),
    email: z.string().trim().max(MEMBER_EMAIL_MAX).check(z.email()).nullish(),
  })
  .strict();
export type TMemberInput = z.infer<typeof ZMemberInput>;

/** A gift's options on its cart item: the day the giftee is e-mailed the code (null: the giver forwards it). */
export const ZGiftOptions = z
  .object({ email_giftee_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date as YYYY-MM-DD.').nullish() })
  .strict();

/**
 * `handler_data` of a reserved ticket in a "membership" group (POST cart add[]): the named members
 * of a new membership, the membership to renew (any card of its set; the members stay), or a gift
 * (the booking issues a gift code; members are named when it is redeemed). `redeem_code` pays for
 * a new membership or a renewal with a gift code (issue 12).
 */
/** docs/memberships.md#7-gifts-of-membership: a gift code is marked as typed or from the link's query. */
export const GIFT_CODE_SOURCES = ['input', 'query'] as const;
export type TGiftCodeSource = (typeof GIFT_CODE_SOURCES)[number];

export const ZMembershipHandlerData = z
  .object({
    members: z.array(ZMemberInput).min(1, MEMBERSHIP_TEXT.membersRequired).max(MEMBERS_MAX).optional(),
    renew_membership_id: z.string().min(1).max(64).optional(),
    gift: ZGiftOptions.optional(),
    redeem_code: z.string().trim().min(1, GIFT_CODE_TEXT.invalid).max(40, GIFT_CODE_TEXT.invalid).optional(),
    /** docs/memberships.md#7-gifts-of-membership: how the gift code was given — typed (`input`) or from the link (`query`); recorded with the redemption. */
    redeem_code_source: z.enum(GIFT_CODE_SOURCES).optional(),
  })
  .strict()
  .refine((d) => [d.members, d.renew_membership_id, d.gift].filter(Boolean).length === 1, {
    error: 'Give either members (a new membership), renew_membership_id (a renewal) or gift (a gift of membership).',
  })
  .refine((d) => !(d.gift && d.redeem_code), { error: GIFT_CODE_TEXT.giftOfGift, path: ['redeem_code'] });
export type TMembershipHandlerData = z.infer<typeof ZMembershipHandlerData>;

/**
 * A membership cart item: the cart document's `membership_item` sibling, one per held membership
 * ticket (joined by ticket_id).
 */
export const ZMembershipCartItem = z.object({
  id: z.string(),
  ticket_id: z.string(),
  ticket_type_id: z.string(),
  renew_membership_id: z.string().nullable(),
  /** A gift of membership: its code is issued at booking (and e-mailed to the giftee on email_giftee_on). */
  gift: z.boolean(),
  email_giftee_on: z.string().nullable(),
  /** Redeeming a gift code: the code, as issued. */
  redeem_code: z.string().nullable(),
  members: z.array(
    z.object({ role: z.enum(MEMBER_ROLES), first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
  ),
});
export type TMembershipCartItem = z.infer<typeof ZMembershipCartItem>;

/**
 * What remains of one member allowance (GET my/member_allowance): the web's quantity maximum for
 * a member group uses the least `remaining` over the rules that match a ticket type — the type's
 * own rule and the '*' pool (docs/memberships.md#4-refusals-error-envelope).
 */
export const ZMemberAllowance = z.object({
  /** `${membership_rule_id}:${period_key}` */
  id: z.string(),
  membership_rule_id: z.string(),
  /** The card set's allowance holder (its first card). */
  membership_id: z.string(),
  /** A ticket type id, or '*' for the pool across types. */
  ticket_type_id: z.string(),
  period: z.enum(['per_session', 'per_day', 'per_membership']),
  /** Session id, local date (YYYY-MM-DD) or the term's valid_to, by period. */
  period_key: z.string(),
  event_session_id: z.string().nullable(),
  quantity: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type TMemberAllowance = z.infer<typeof ZMemberAllowance>;

/** GET my/member_allowance?event_session_id=…: allowances of the viewer's current memberships. */
export const ZMemberAllowanceDocument = ZListDocument('member_allowance', ZMemberAllowance);

/** GET membership_levels (cacheable): the levels the seller sells. */
export const ZMembershipLevelDocument = ZListDocument('membership_level', ZMembershipLevel);

/** `{ id, name }` of a role, for display (the my/membership `role` embed). */
export const ZMemberRoleOut = z.object({ id: z.enum(MEMBER_ROLES), name: z.string() });

/** The my/membership `identity_link` embed: which identity and account a card belongs to. */
export const ZIdentityLink = z.object({ id: z.string(), membership_id: z.string(), identity_id: z.string(), user_id: z.string().nullable() });

/**
 * GET my/membership (docs/memberships.md#2-buying): the viewer's memberships (newest term first) with the embeds
 * role, identity_link, ticket, ticket_order, ticket_type, event_template, ticket_group.
 * Embedded resources are loose here; their own schemas live with cart, orders and resources.
 */
const Loose = z.record(z.string(), z.unknown());
export const ZMyMembershipDocument = z.object({
  membership: ZResourceList(ZMembership),
  role: ZResourceList(ZMemberRoleOut).optional(),
  identity_link: ZResourceList(ZIdentityLink).optional(),
  ticket: ZResourceList(Loose).optional(),
  ticket_order: ZResourceList(Loose).optional(),
  ticket_type: ZResourceList(Loose).optional(),
  event_template: ZResourceList(Loose).optional(),
  ticket_group: ZResourceList(Loose).optional(),
  _total: z.number().int(),
});
export type TMyMembershipDocument = z.infer<typeof ZMyMembershipDocument>;
export const MY_MEMBERSHIP_EMBEDS = ['role', 'identity_link', 'ticket', 'ticket_order', 'ticket_type', 'event_template', 'ticket_group'] as const;


// Order documents embed `membership` (GET ticket_order/{id}?_embed=membership): ZOrderDocument in orders.ts.

/** GET /api/membership/{id}/qrcode?margin=2: a PNG of the card's scan code; owner only. */
export const ZMembershipQrQuery = z.object({ margin: z.coerce.number().int().min(0).max(10).default(2) });

/** One level a gift code can be redeemed for (GET membership_gift/{code}): its price and the gift's discount on it. */
export const ZRedeemLevel = z.object({
  ticket_type_id: z.string(),
  name: z.string(),
  price: z.string(),
  discount: z.string(),
  /** What the redeemer pays: price − discount (0.00 for the level given). */
  to_pay: z.string(),
});
export type TRedeemLevel = z.infer<typeof ZRedeemLevel>;

/**
 * GET membership_gift/{code} (docs/memberships.md#7-gifts-of-membership Code lookup, docs/memberships.md#7-gifts-of-membership Gift code): whether a gift code can be
 * redeemed, and for which levels (at most 3, largest discount first). `exhausted` once redeemed or
 * held by another cart. Unknown codes answer 404 `gift_code_not_found`.
 */
export const ZGiftCodeLookup = z.object({
  code: z.string(),
  ...ZTermFields,
  exhausted: z.boolean(),
  /** The level given. */
  ...ZLevelFields,
  membership_event_id: z.string().nullable(),
  levels: z.array(ZRedeemLevel),
});
export type TGiftCodeLookup = z.infer<typeof ZGiftCodeLookup>;

/** A gift of membership as its order shows it to the giver (the order document's `membership_gift` embed). */
export const ZMembershipGift = z.object({
  id: z.string(),
  code: z.string(),
  ...ZLevelFields,
  ticket_order_id: z.string(),
  ...ZTermFields,
  giftee_name: z.string().nullable(),
  giftee_email: z.string().nullable(),
  email_giftee_on: z.string().nullable(),
  redeemed: z.boolean(),
  /** The storefront's redeem page with the code filled in (docs/memberships.md#7-gifts-of-membership `/membership/redeem?code=`). */
  redeem_path: z.string(),
});
export type TMembershipGift = z.infer<typeof ZMembershipGift>;

/** DELETE ticket_order/{id}/auto_renew (docs/memberships.md#8-auto-renew): the scheduled cards of the order, now cancelled. */
export const ZAutoRenewCancelled = z.object({ auto_renew_state: z.literal('cancelled'), membership_ids: z.array(z.string()) });
export type TAutoRenewCancelled = z.infer<typeof ZAutoRenewCancelled>;

/** GET my/identity/saved_payment_method (docs/memberships.md#8-auto-renew "Saved payment method: identifier"): the card kept for auto-renew. */
export const ZSavedPaymentMethod = z.object({ id: z.string(), gateway_id: z.string(), brand: z.string(), last4: z.string(), created_at: z.string() });
export const ZSavedPaymentMethodDocument = ZListDocument('saved_payment_method', ZSavedPaymentMethod);
export type TSavedPaymentMethod = z.infer<typeof ZSavedPaymentMethod>;
