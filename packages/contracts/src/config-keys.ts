/** Configuration entries (namespace, name) the storefront reads (000 §9, 001 §2). */
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
  /** Add-on conflict padding `{ before, after, exclude_categories }` in minutes (000 §4). */
  upsellConflictPadding: { namespace: 'web', name: 'upsells.conflict_padding' },
  /** 000 §8: the portal's own text for unavailable tickets (deep links in strict mode). */
  ticketsUnavailableMessage: { namespace: 'web', name: 'tickets_unavailable_message' },
  /** Google Tag Manager container id (GTM-…): analytics pushes when set (000 §7). */
  tagManagerId: { namespace: 'web', name: 'tag_manager_id' },
  priceDisplay: { namespace: 'web', name: 'price_display' },
  holdMinutes: { namespace: 'cart', name: 'hold_minutes' },
  copyright: { namespace: 'web', name: 'copyright' },
  theme: { namespace: 'web', name: 'theme' },
  myAccount: { namespace: 'web', name: 'my_account' },
  /** 000 §9: 'always' or 'if_autorenew' lets a member book a session after the membership ends; unset = never. */
  /** The "your information" form's fields (000 §3, §5): a list of { key, type, required, … }, added to first name, last name, e-mail. */
  identityForm: { namespace: 'web', name: 'identity_form' },
  /** 'autocomplete' or 'manual' (default): how the identity form's address is entered (000 §4). */
  addressMode: { namespace: 'web', name: 'address_mode' },
  /** Set by the server (not stored): true when it has an address-lookup key (ADDRESS_LOOKUP_KEY). */
  addressLookup: { namespace: 'web', name: 'address_lookup' },
  /** Configured redirects (001 §2 guards): `{ disable_home_route: url, paths: { "/old": url } }`. */
  redirects: { namespace: 'web', name: 'redirects' },
  /** /membership/{action} goes to this URL plus the action when set (001 §2 route table). */
  membershipUrl: { namespace: 'web', name: 'membership_url' },
  /** Seller HTML blocks in named regions of the pages, on or off per route name and role (000 §6; docs/catalog.md). */
  contentRegions: { namespace: 'web', name: 'content_regions' },
  /** 000 §9: listing, calendar and quantity prices include the outside fees when true. */
  advertisePriceIncludingFees: { namespace: 'web', name: 'advertise_price_including_fees' },
  memberReserveSessionBeyondTerm: { namespace: 'membership', name: 'member_reserve_session_beyond_term' },
  /** 000 §9: "prompt" offers auto-renew in the membership form and shows it in My Account (issue 12). */
  askToAutorenew: { namespace: 'membership', name: 'ask_to_autorenew' },
  /** Auto-renew charges this many days before a membership ends (default 7; at most the level's renewal window). */
  autoRenewDaysBefore: { namespace: 'membership', name: 'auto_renew_days_before' },
  /** 001 §5: true locks a member's names and e-mails (account and cards) against online changes (docs/memberships.md). */
  preventMembershipUpdates: { namespace: 'membership', name: 'prevent_membership_updates' },
  /** 000 §9: promo codes; the first is applied to every cart (000 §2; docs/promotions.md). */
  defaultPromoCodes: { namespace: 'web', name: 'default_promo_codes' },
  /** 000 §9: the city-pass groups and their voucher expressions (000 §5; docs/promotions.md). */
  citypassCodeGroups: { namespace: 'web', name: 'citypass_code_groups' },
} as const;

/**
 * 001 §5, §6: self-edit of orders `{ categories, horizon_days, horizon_hours, refund_method }`
 * (rules/self-edit.ts); unset = off. Kept out of CONFIG so the shopping pages' entry chunk does not
 * carry it (only the manage screens read it).
 */
export const SELF_EDIT_RULES_KEY = { namespace: 'web', name: 'self_edit_rules' } as const;

/**
 * 001 §2: the spec's `my_account_pages`, a list of My Account page names (my_profile,
 * upcoming_events, recent_orders), read when `web.my_account` names no pages. Kept out of CONFIG so
 * the first load does not carry it (only the My Account pages read it).
 */
export const MY_ACCOUNT_PAGES_KEY = { namespace: 'web', name: 'my_account_pages' } as const;
