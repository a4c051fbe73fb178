/** Configuration entries (namespace, name) the storefront reads (docs/catalog.md#12-configuration-entries). */
export const CONFIG = {
  homeOptionsOrder: { namespace: 'web', name: 'home_options_order' },
  categoryOrder: { namespace: 'web', name: 'category_order' },
  membershipPresell: { namespace: 'web', name: 'membership_presell' },
  admissionEventId: { namespace: 'web', name: 'admission_event_id' },
  membershipEventId: { namespace: 'web', name: 'membership_event_id' },
  defaultReserveFlow: { namespace: 'web', name: 'default_reserve_flow' },
  sessionPickerTabs: { namespace: 'web', name: 'session_picker_tabs' },
  lowAvailabilityThreshold: { namespace: 'web', name: 'show_remaining_session_capacity_threshold' },
  hideSoldOutSessions: { namespace: 'web', name: 'hide_sold_out_sessions' },
  upsellsEnabled: { namespace: 'web', name: 'upsells_enabled' },
  upsellVisitTime: { namespace: 'web', name: 'upsells.visit_time' },
  nextRoute: { namespace: 'web', name: 'next_route' },
  /** Add-on conflict padding `{ before, after, exclude_categories }` in minutes (docs/events.md#upsells-and-add-ons). */
  upsellConflictPadding: { namespace: 'web', name: 'upsells.conflict_padding' },
  /** docs/deep-links.md#deep-links-to-an-event: the portal's own text for unavailable tickets (deep links in strict mode). */
  ticketsUnavailableMessage: { namespace: 'web', name: 'tickets_unavailable_message' },
  /** Google Tag Manager container id (GTM-…): analytics pushes when set (docs/events.md#tag-manager). */
  tagManagerId: { namespace: 'web', name: 'tag_manager_id' },
  priceDisplay: { namespace: 'web', name: 'price_display' },
  holdMinutes: { namespace: 'cart', name: 'hold_minutes' },
  copyright: { namespace: 'web', name: 'copyright' },
  theme: { namespace: 'web', name: 'theme' },
  myAccount: { namespace: 'web', name: 'my_account' },
  /** docs/memberships.md#8-auto-renew: 'always' or 'if_autorenew' lets a member book a session after the membership ends; unset = never. */
  /** The "your information" form's fields (docs/checkout.md#your-information): a list of { key, type, required, … }, added to first name, last name, e-mail. */
  identityForm: { namespace: 'web', name: 'identity_form' },
  /** 'autocomplete' or 'manual' (default): how the identity form's address is entered (docs/checkout.md#address-lookup). */
  addressMode: { namespace: 'web', name: 'address_mode' },
  /** Set by the server (not stored): true when it has an address-lookup key (ADDRESS_LOOKUP_KEY). */
  addressLookup: { namespace: 'web', name: 'address_lookup' },
  /** Configured redirects (docs/routes.md#guards guards): `{ disable_home_route: url, paths: { "/old": url } }`. */
  redirects: { namespace: 'web', name: 'redirects' },
  /** /membership/{action} goes to this URL plus the action when set (docs/memberships.md#2-buying route table). */
  membershipUrl: { namespace: 'web', name: 'membership_url' },
  /** Seller HTML blocks in named regions of the pages, on or off per route name and role (docs/routes.md#route-table, docs/catalog.md). */
  contentRegions: { namespace: 'web', name: 'content_regions' },
  /** docs/events.md#limits: listing, calendar and quantity prices include the outside fees when true. */
  advertisePriceIncludingFees: { namespace: 'web', name: 'advertise_price_including_fees' },
  memberReserveSessionBeyondTerm: { namespace: 'membership', name: 'member_reserve_session_beyond_term' },
  /** docs/memberships.md#8-auto-renew: "prompt" offers auto-renew in the membership form and shows it in My Account (issue 12). */
  askToAutorenew: { namespace: 'membership', name: 'ask_to_autorenew' },
  /** Auto-renew charges this many days before a membership ends (default 7; at most the level's renewal window). */
  autoRenewDaysBefore: { namespace: 'membership', name: 'auto_renew_days_before' },
  /** docs/memberships.md#4-refusals-error-envelope: true locks a member's names and e-mails (account and cards) against online changes (docs/memberships.md). */
  preventMembershipUpdates: { namespace: 'membership', name: 'prevent_membership_updates' },
  /** docs/promotions.md#codes: promo codes; the first is applied to every cart (docs/promotions.md). */
  defaultPromoCodes: { namespace: 'web', name: 'default_promo_codes' },
  /** docs/promotions.md#codes: the city-pass groups and their voucher expressions (docs/promotions.md). */
  citypassCodeGroups: { namespace: 'web', name: 'citypass_code_groups' },
} as const;

/**
 * docs/after-sale.md#who-may-read-or-change-an-order: self-edit of orders `{ categories, horizon_days, horizon_hours, refund_method }`
 * (rules/self-edit.ts); unset = off. Kept out of CONFIG so the shopping pages' entry chunk does not
 * carry it (only the manage screens read it).
 */
export const SELF_EDIT_RULES_KEY = { namespace: 'web', name: 'self_edit_rules' } as const;

/**
 * docs/accounts.md#my-account: the spec's `my_account_pages`, a list of My Account page names (my_profile,
 * upcoming_events, recent_orders), read when `web.my_account` names no pages. Kept out of CONFIG so
 * the first load does not carry it (only the My Account pages read it).
 */
export const MY_ACCOUNT_PAGES_KEY = { namespace: 'web', name: 'my_account_pages' } as const;
