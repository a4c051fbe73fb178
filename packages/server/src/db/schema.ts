import type { Generated } from 'kysely';

/**
 * Table types. Dialect-neutral on purpose: ids are text (UUIDv7), times are ISO-8601 UTC text
 * (they sort and compare as text on both dialects), JSON is text, booleans are 0/1 integers,
 * money is integer minor units.
 */
export interface SellerTable {
  id: string;
  catalog_key: string;
  name: string;
  timezone: string;
  currency: string;
  meta: string;
}
export interface VenueTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  name: string;
  timezone: string;
  address: string | null;
}
export interface ImageTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  content_type: string;
  width: number;
  height: number;
  alt_text: string | null;
  data: Buffer;
}
export interface EventTemplateTable {
  id: string;
  seller_id: string;
  venue_id: string;
  catalog_key: string;
  name: string;
  subtitle: string | null;
  summary: string | null;
  description: string | null;
  category: string | null;
  event_type: string;
  hidden_type: string;
  meta: string;
  rank: number;
}
export interface TicketTypeTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  name: string;
  summary: string | null;
  description: string | null;
  currency_amount: number;
  currency_amount_min: number | null;
  currency_amount_max: number | null;
  discounted_amount: number | null;
  fee_fixed_outside: number | null;
  fee_percent_outside: string | null;
  rank: number;
}
export interface TicketGroupTable {
  id: string;
  event_template_id: string;
  catalog_key: string;
  name: string;
  description: string | null;
  summary: string | null;
  handler: string;
  hidden_type: string;
  min_tickets_per_order: number | null;
  max_tickets_per_order: number | null;
  capacity: number;
  oversell_capacity: number;
  exclude_from_event_capacity: number;
  color: string | null;
  start_policy: string | null;
  start_policy_date: string | null;
  duration_new: string | null;
  additional_info_spec: string | null;
  sales_start: string | null;
  sales_end: string | null;
  meta: string;
  rank: number;
}
export interface TicketGroupRuleTable {
  id: string;
  ticket_group_id: string;
  ticket_type_id: string;
  party_role: string | null;
  named: string;
  emailed: number;
  min: number | null;
  max: number | null;
  rank: number;
}
export interface EventSessionTable {
  id: string;
  event_template_id: string;
  start_datetime: string;
  end_datetime: string;
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
  /** 0027: closed for sale by staff (docs/box-office.md): reserving refuses it as sold out. */
  sale_closed: Generated<number>;
}
/** Capacity taken per ticket group in one session. */
export interface SessionGroupUsageTable {
  event_session_id: string;
  ticket_group_id: string;
  used_capacity: number;
}
export interface MessageRuleTable {
  id: string;
  event_template_id: string;
  catalog_key: string;
  rank: number;
  actions: string;
  triggers: string;
}
export interface MembershipRuleTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  membership_ticket_type_id: string;
  ticket_type_id: string;
  quantity: number;
  period: string;
}
/** What a membership ticket type sells (0009): term, renewal window, roles (JSON TLevelRole[]). */
export interface MembershipLevelTable {
  id: string;
  seller_id: string;
  ticket_type_id: string;
  term_months: number;
  allowed_period_days: number;
  roles: string;
  member_event_purchase_limit: number | null;
}
/** One member card (0009). Cards bought together share card_set_id; position 0 holds the allowances. */
export interface MembershipTable {
  id: string;
  seller_id: string;
  card_set_id: string;
  position: number;
  scan_code: string;
  scan_code_key: string;
  role: string;
  ticket_type_id: string;
  ticket_group_id: string | null;
  ticket_order_id: string | null;
  ticket_id: string | null;
  user_id: string | null;
  identity_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  valid_from: string;
  valid_to: string;
  auto_renew_state: Generated<string>;
  member_event_purchase_limit: number | null;
  giver_identity_id: string | null;
  giftee_identity_id: string | null;
  redeem_code_hash: string | null;
  redeemed_at: string | null;
  created_at: string;
  updated_at: string;
}
/** The members (JSON) a held membership ticket will create, or the membership it renews. */
export interface MembershipItemTable {
  ticket_id: string;
  cart_id: string;
  renew_membership_id: string | null;
  members: string;
  /** 0014: a gift (the booking issues a code, not cards), the day the giftee is e-mailed, the gift redeemed. */
  gift: Generated<number>;
  email_giftee_on: Generated<string | null>;
  redeem_gift_id: Generated<string | null>;
}
/** A gift of membership (0014): its single-use code, the level and value given, who redeemed it. */
export interface MembershipGiftTable {
  id: string;
  seller_id: string;
  code: string;
  ticket_type_id: string;
  value: number;
  ticket_order_id: string;
  ticket_id: string;
  giver_identity_id: string | null;
  giftee_identity_id: string | null;
  email_giftee_on: string | null;
  giftee_mailed_at: string | null;
  valid_from: string;
  valid_to: string;
  held_ticket_id: string | null;
  redeemed_at: string | null;
  redeemed_order_id: string | null;
  membership_id: string | null;
  created_at: string;
  /** 0029: how the code was given when redeemed: 'input' (typed) or 'query' (a link's ?code=); null if not said. */
  redeem_source: Generated<string | null>;
}
/** Allowance used per card set (its first card), membership rule and period. */
export interface MemberAllowanceUsageTable {
  membership_id: string;
  membership_rule_id: string;
  period_key: string;
  used: number;
}
/** What one ticket took from an allowance: deleted when given back, so it is given back once. */
export interface MemberAllowanceTakeTable {
  id: string;
  ticket_id: string;
  membership_id: string;
  membership_rule_id: string;
  period_key: string;
}
export interface ConfigEntryTable {
  id: string;
  seller_id: string;
  resource_id: string;
  namespace: string;
  name: string;
  value: string;
}
/** An identity the holder may name as purchaser or giftee: one it registered or whose e-mail it typed. */
export interface IdentityGrantTable {
  holder_identity_id: string;
  identity_id: string;
  created_at: string;
  /** 0023: 1 when the holder registered the account (POST user made it), 0 when it typed an existing one's e-mail. */
  registered: Generated<number>;
}
/** Who holds a cart: a guest's public identity (cookie) or, later, a user's. */
export interface IdentityTable {
  id: string;
  kind: string;
  /** sha256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
}
export interface CartTable {
  id: string;
  seller_id: string;
  identity_id: string;
  cart_number: string;
  state: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  campaign: string | null;
  additional_info: string;
  ticket_order_id: string | null;
  /** Succeeded payments so far (minor units): partial payments leave the cart pending. */
  paid: Generated<number>;
  /** The buyer (guest checkout or the logged-in member): the confirmation goes to their e-mail. */
  purchaser_identity_id: Generated<string | null>;
  send_email: Generated<number>;
  /** JSON: the purchaser's identity-form answers (guest checkout). */
  purchaser_meta: Generated<string | null>;
  /** Gift checkout: the giftee's identity (0006b). */
  giftee_identity_id: Generated<string | null>;
  /** Created by staff (0008): reached through a payment link, not modifiable by the visitor. */
  injected: Generated<number>;
  /** sha256 of the payment link's single-use key; null once used (or for other carts). */
  transfer_key_hash: Generated<string | null>;
  /** The client address the cart was created from (0009): live holds are limited per address. */
  client_ip: Generated<string | null>;
  /** Paid with auto_renew (0018): the memberships it books are scheduled to renew. */
  auto_renew: Generated<number>;
  /** The modifiers the last pricing applied (0016, promotions/price-cart.ts), JSON. */
  cartmods: Generated<string>;
  /** 0019: the booked order this cart changes (self-edit, reschedule), if any. */
  edits_order_id: Generated<string | null>;
  /** 0019: what the order tickets this change cart takes out were worth (minor units). */
  credit: Generated<number>;
  /** 0028: the buyer's acceptance of the seller's terms at the pay call (copied onto the order). */
  terms_accepted_at: Generated<string | null>;
  terms_hash: Generated<string | null>;
  /** 0028: until when one passing captcha answer keeps this cart's checkout open. */
  captcha_until: Generated<string | null>;
  /** 0029: the giver a guest named at guest_checkout (giver_identity_id): the gifts the booking issues are theirs. */
  giver_identity_id: Generated<string | null>;
  /** 0030: the gift cards applied at checkout, a JSON array of numbers kept until paid; null when none. */
  gift_cards: Generated<string | null>;
  /** 0031: payment-method fees charged on top of `paid` (minor units; docs/payments.md). */
  method_fee: Generated<number>;
  /** 0039: the buyer's consent at the deposit's pay call that the kept card pays the later instalments (copied onto the order); null: none. */
  instalment_autopay_at: Generated<string | null>;
}
/** One auto-renewal of a card set's term (0018): the job's claim, attempts, reminder and outcome. */
export interface MembershipRenewalTable {
  id: string;
  card_set_id: string;
  term_end: string;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_at: string | null;
  reminded_at: string | null;
  ticket_order_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
/** A card kept by the gateway for off-session renewals (0018): its reference, brand and last 4 only. */
export interface SavedPaymentMethodTable {
  id: string;
  seller_id: string;
  identity_id: string;
  gateway_id: string;
  reference: string;
  brand: string;
  last4: string;
  created_at: string;
}
export interface TicketTable {
  id: string;
  cart_id: string;
  seller_id: string;
  ticket_type_id: string;
  ticket_group_id: string;
  event_template_id: string;
  event_session_id: string | null;
  /** Whether this ticket counts against the session's capacity (its group is not excluded). */
  counts_session: number;
  handler: string;
  state: string;
  face_value: number;
  adjusted_value: number;
  fee_fixed_outside: number;
  fee_percent_outside: number;
  admit_name: string | null;
  admit_email: string | null;
  valid_from: string | null;
  valid_to: string | null;
  ticket_order_id: string | null;
  created_at: string;
  /** Set when booked: what the QR code carries. */
  scan_code: string | null;
  /** When the ticket was let in at the door (state 'redeemed'). */
  redeemed_at: string | null;
  /** The seat a ticket of a "seated" group holds (one live ticket per session and seat). */
  seat_id: string | null;
  /** 0019: the change cart taking this booked ticket out of its order (state 'in_cart'). */
  change_cart_id: Generated<string | null>;
}
/** A venue room's seat map (catalog seat_templates). zones, sections, other_elements: JSON. */
export interface SeatTemplateTable {
  id: string;
  seller_id: string;
  venue_id: string;
  catalog_key: string;
  name: string;
  width: number;
  height: number;
  seat_radius: number;
  zones: string;
  sections: string;
  other_elements: string;
  geometry_version: string;
}
export interface SeatTable {
  id: string;
  seat_template_id: string;
  section: string;
  row_name: string;
  name: string;
  x: number;
  y: number;
  r: number | null;
  zone: string;
  unavailable: number;
  rank: number;
  retired: number;
}
/** A "seated" ticket group: the template and zones (JSON list of keys) it sells. */
export interface SeatGroupTable {
  ticket_group_id: string;
  seat_template_id: string;
  zones: string;
}
/** A member card let in at the door: once per card and venue-local day. */
export interface MemberCheckinTable {
  membership_id: string;
  local_date: string;
  checked_in_at: string;
}
/** 0021: what the calendar shows of one venue-local day of an event (events/calendar-summary.ts). */
export interface EventDaySummaryTable {
  event_template_id: string;
  date: string;
  timezone: string;
  /** The storing reader's sequence number: a row is only replaced by a later reader's. */
  seq: number;
  /** When time alone changes the day (a session starts, an all-day one ends). */
  stale_at: string;
  /** JSON: the group signatures the row answers for; open_groups those with room. */
  groups: string;
  open_groups: string;
  session_open: number;
  unlimited: number;
  capacity: number;
  used: number;
}
/** 0021: a capacity change (or a catalog import, start '*') the calendar summary has not seen. */
export interface CalendarChangeTable {
  id: string;
  event_template_id: string;
  start_datetime: string;
}
/** Named counters (cart numbers). */
export interface CounterTable {
  name: string;
  value: number;
}
/** A member or customer account; owns one identity of kind 'user' (docs/accounts.md#cookies). */
export interface UserAccountTable {
  id: string;
  seller_id: string;
  identity_id: string;
  email: string;
  /** Lower-cased e-mail, unique per seller. */
  email_key: string;
  /** argon2id; null for a guest account (no password set yet). */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  /** Member id. */
  scan_code: string | null;
  scan_code_key: string | null;
  zip_code: string | null;
  /** 0022: contact details the user changes on My profile (docs/checkout.md#your-information); state null where the country has none. */
  phone: string | null;
  address: string | null;
  address_more: string | null;
  city: string | null;
  country: string | null;
  state: string | null;
  meta: string;
  additional_info: string;
  created_at: string;
  updated_at: string;
}
/** An OpenID Connect subject (`sub` of an issuer) linked to a user. */
export interface ExternalLoginTable {
  id: string;
  seller_id: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}
/** A login session: the cookie holds a random token, only its sha256 is stored. */
export interface UserSessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  identity_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  max_expires_at: string;
}
export interface LoginOtpTable {
  id: string;
  token_hash: string;
  seller_id: string;
  email_key: string;
  user_id: string | null;
  code_hash: string;
  attempts_left: number;
  outbox_id: string | null;
  created_at: string;
  ready_at: string;
  expires_at: string;
  used_at: string | null;
}
/** Single-use password-reset tokens (stored hashed). */
export interface RecoveryTokenTable {
  id: string;
  token_hash: string;
  purpose: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** Fixed-window counters shared by every process. */
export interface RateLimitTable {
  bucket: string;
  window_start: string;
  count: number;
  expires_at: string;
}
/** Mail to send (docs/architecture.md#side-effects); in development without SMTP these rows are the mailbox. */
export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
  /** JSON [{ filename, contentType, cid, content (base64) }] (0008b): inline images. */
  attachments: string | null;
}
/** A manage link's key to one order (0012): only its sha256 is stored. */
export interface OrderAccessKeyTable {
  key_hash: string;
  ticket_order_id: string;
  created_at: string;
  /** 0020: the key opens the order until then (null: issued before 0020, a year from created_at). */
  expires_at: Generated<string | null>;
}
export interface TicketOrderTable {
  id: string;
  seller_id: string;
  identity_id: string;
  cart_id: string;
  order_number: string;
  state: string;
  total: number;
  paid: number;
  created_at: string;
  /** 0020: a pay call for a later instalment holds the order (conditional update); null when none. */
  instalment_claimed_at: Generated<string | null>;
  /** 0037: when the buyer agreed their kept card pays the later instalments on their due dates; null: no consent. */
  instalment_autopay_at: Generated<string | null>;
  /** 0028: when the buyer accepted the seller's terms, and the sha256 of the terms accepted; null when there were none. */
  terms_accepted_at: Generated<string | null>;
  terms_hash: Generated<string | null>;
  /** 0031: payment-method fees the buyer paid on top of `total` (minor units). */
  method_fee: Generated<number>;
}
export interface PaymentTable {
  id: string;
  seller_id: string;
  cart_id: string;
  ticket_order_id: string | null;
  gateway_id: string;
  amount: number;
  status: string;
  idempotency_key: string | null;
  reference: string | null;
  error_code: string | null;
  created_at: string;
  /** JSON array of the ticket ids the payment was started for (0006). */
  ticket_ids: Generated<string | null>;
  /** sha256 of the pay request its Idempotency-Key was first used with (0009). */
  request_fingerprint: Generated<string | null>;
  /** 0031: the part of `amount` that was the payment method's fee; the rest goes to the balance. */
  method_fee: Generated<number>;
  /** 0034: the last 4 digits of the card charged, as the gateway said; null for other methods. */
  card_last4: Generated<string | null>;
}
/** Stored value: gift cards issued when a ledger ticket is bought, spent at checkout. */
export interface LedgerTable {
  id: string;
  seller_id: string;
  ledger_type: string;
  number: string;
  state: string;
  balance: number;
  ticket_id: string | null;
  created_at: string;
}
/** One instalment of a cart's payment plan (0008); booked with the order. */
export interface ScheduledPaymentTable {
  id: string;
  cart_id: string;
  ticket_order_id: string | null;
  rank: number;
  /** YYYY-MM-DD: due from that day (UTC). */
  due_date: string;
  amount: number;
  /** scheduled | paid | overdue (set by the overdue job) */
  status: string;
  created_at: string;
  /** 0020: the due-date reminder's claim; set once, so each instalment is reminded once. */
  reminded_at: Generated<string | null>;
  /** 0036: the overdue notice's claim; set once the due date has passed unpaid. */
  overdue_at: Generated<string | null>;
  /** 0037: the due-date charge's claim (an order with autopay consent); set once. */
  autopay_at: Generated<string | null>;
}
export interface Database {
  seller: SellerTable;
  venue: VenueTable;
  image: ImageTable;
  event_template: EventTemplateTable;
  ticket_type: TicketTypeTable;
  ticket_group: TicketGroupTable;
  ticket_group_rule: TicketGroupRuleTable;
  event_session: EventSessionTable;
  session_group_usage: SessionGroupUsageTable;
  message_rule: MessageRuleTable;
  membership_rule: MembershipRuleTable;
  order_access_key: OrderAccessKeyTable;
  config_entry: ConfigEntryTable;
  identity: IdentityTable;
  identity_grant: IdentityGrantTable;
  cart: CartTable;
  ticket: TicketTable;
  seat_template: SeatTemplateTable;
  seat: SeatTable;
  seat_group: SeatGroupTable;
  member_checkin: MemberCheckinTable;
  counter: CounterTable;
  event_day_summary: EventDaySummaryTable;
  calendar_change: CalendarChangeTable;
  ticket_order: TicketOrderTable;
  payment: PaymentTable;
  ledger: LedgerTable;
  user_account: UserAccountTable;
  user_session: UserSessionTable;
  staff: StaffTable;
  staff_session: StaffSessionTable;
  audit_log: AuditLogTable;
  staff_refund: StaffRefundTable;
  move_link: MoveLinkTable;
  external_login: ExternalLoginTable;
  login_otp: LoginOtpTable;
  recovery_token: RecoveryTokenTable;
  rate_limit: RateLimitTable;
  outbox: OutboxTable;
  scheduled_payment: ScheduledPaymentTable;
  membership_level: MembershipLevelTable;
  membership: MembershipTable;
  membership_item: MembershipItemTable;
  membership_gift: MembershipGiftTable;
  saved_payment_method: SavedPaymentMethodTable;
  membership_renewal: MembershipRenewalTable;
  member_allowance_usage: MemberAllowanceUsageTable;
  member_allowance_take: MemberAllowanceTakeTable;
  promo_code_group: PromoCodeGroupTable;
  promo_code_requirement: PromoCodeRequirementTable;
  promo_code: PromoCodeTable;
  promo_cartmod: PromoCartmodTable;
  cart_promo_code: CartPromoCodeTable;
  promo_identity_use: PromoIdentityUseTable;
  door_scan: DoorScanTable;
  wallet_pass: WalletPassTable;
  wallet_registration: WalletRegistrationTable;
  wallet_push: WalletPushTable;
}

/** 0025: the door's log of scans, admissions and undos (docs/door.md). */
export interface DoorScanTable {
  id: string;
  seller_id: string;
  event_session_id: string;
  scan_code: string;
  ticket_id: string | null;
  membership_id: string | null;
  /** admitted | already_admitted | refused | undo (the audit line of an undo). */
  outcome: string;
  reason: string | null;
  /** scan | lookup | offline */
  source: string;
  staff_id: string;
  staff_name: string;
  scanned_at: string;
  recorded_at: string;
  undone_at: string | null;
  undone_by: string | null;
  /** An undo line: the admission it took back. */
  undo_of: string | null;
  client_ref: string | null;
}

/** The promotion tables of migration 0016 (docs/promotions.md). */
export interface PromoCodeGroupTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  name: string;
  description: string | null;
  /** A resident discount: JSON { country, zip_prefixes } (its zip codes act as its code). */
  resident: string | null;
  /** A city-pass group: JSON { adult_regexp, child_regexp, child_keyword } (its vouchers act as codes, one ticket each). */
  citypass: string | null;
}
export interface PromoCodeRequirementTable {
  code_group_id: string;
  ticket_group_id: string;
}
export interface PromoCodeTable {
  id: string;
  seller_id: string;
  /** Upper-cased as matched. */
  code: string;
  code_group_id: string;
  /** -1: no limit. */
  max_uses: number;
  used: Generated<number>;
  max_per_order: number | null;
  max_per_identity: number | null;
  /** ISO instants; valid_to exclusive. */
  valid_from: string | null;
  valid_to: string | null;
  is_default: Generated<number>;
  /** 0 once the catalog no longer lists it. */
  active: Generated<number>;
}
export interface PromoCartmodTable {
  id: string;
  seller_id: string;
  catalog_key: string;
  rank: number;
  name: string;
  description: string | null;
  kind: string;
  value: number;
  scope: string;
  /** JSON list of ticket type, ticket group or event ids (by scope). */
  resource_ids: string;
  min_tickets: number | null;
  max_tickets: number | null;
  /** JSON { ticket_type_ids, min } or null. */
  requires: string | null;
  valid_from: string | null;
  valid_to: string | null;
  session_from: string | null;
  session_to: string | null;
  stackable: number;
  blocking_checkout: number;
  code_group_ids: string;
  /** 0 once the catalog no longer lists it. */
  active?: Generated<number>;
}
export interface CartPromoCodeTable {
  cart_id: string;
  code_id: string;
  code: string;
  /** pre | post | default */
  phase: string;
  identity_id: string;
  /** 1 while it holds a use of the code (and of the buyer's uses). */
  counted: number;
  created_at: string;
  /** 0024: a city-pass voucher's pre-reserved visit (handler_data.visit_datetime), UTC ISO; else null. */
  visit_datetime: Generated<string | null>;
}
export interface PromoIdentityUseTable {
  code_id: string;
  identity_id: string;
  used: number;
}

/** The box office (docs/box-office.md): staff accounts, their sessions, the audit log. */
export interface StaffTable {
  id: string;
  email: string;
  email_key: string;
  role: string;
  password_hash: string | null;
  setup_token_hash: string | null;
  setup_expires_at: string | null;
  totp_secret: string | null;
  totp_enrolled_at: string | null;
  totp_last_step: Generated<number>;
  disabled_at: string | null;
  created_at: string;
  last_login_at: string | null;
}
export interface StaffSessionTable {
  id: string;
  token_hash: string;
  staff_id: string;
  /** complete | totp | totp_enrolment */
  stage: string;
  pending_totp_secret: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}
export interface AuditLogTable {
  id: string;
  staff_id: string | null;
  staff_email: string;
  action: string;
  object_type: string;
  object_id: string;
  /** JSON text */
  before: string | null;
  after: string | null;
  created_at: string;
}
/** 0040: a move to a dearer session paid by a payment link (docs/box-office.md#paid-by-a-payment-link): pending → paid | expired | cancelled. */
export interface MoveLinkTable {
  cart_id: string;
  order_id: string;
  staff_id: string | null;
  staff_email: string;
  /** What the link asks for, in minor units. */
  difference: number;
  emailed_to: string | null;
  state: string;
  expires_at: string;
  created_at: string;
  settled_at: string | null;
}
/** A box-office refund (0027): sending → refunded | failed. */
export interface StaffRefundTable {
  id: string;
  order_id: string;
  staff_id: string | null;
  staff_email: string;
  reason: string;
  amount: number;
  /** JSON array of the tickets it cancels. */
  ticket_ids: string;
  whole_order: number;
  status: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** 0038: a ticket's wallet pass handed out (docs/wallet-passes.md "Updates"): its serial (the scan code it was issued with), the ticket it shows now, its web-service token, Apple's update tag. */
export interface WalletPassTable {
  serial_number: string;
  order_id: string;
  ticket_id: string;
  auth_token: string;
  updated_at: string;
  created_at: string;
}
/** 0038: an Apple device that installed a pass, and its push token. */
export interface WalletRegistrationTable {
  device_library_id: string;
  serial_number: string;
  push_token: string;
  created_at: string;
}
/** 0038: an update of a pass to deliver (APNs pushes, the Google object's PATCH): pending, sending, sent, failed. */
export interface WalletPushTable {
  id: string;
  serial_number: string;
  order_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
}
