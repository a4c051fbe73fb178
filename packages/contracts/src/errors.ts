import { z } from 'zod';

/**
 * Error codes the server sends: those of the spec's catalogues (docs/api.md#errors) it can raise today,
 * plus the generic ones. A catalogue code joins this list with the feature that throws it
 * (promotion codes, memberships' allowances, after-sale changes).
 */
export const ERROR_CODES = [
  // generic
  'validation_failed',
  'bad_field_value',
  'unknown_field',
  'unknown_embed',
  'not_found',
  'event_not_found',
  'seller_not_found',
  'method_not_allowed',
  'rate_limited',
  'internal_error',
  // the database is restarting, unreachable or out of disk: try again after Retry-After (503)
  'service_unavailable',
  'scope_error',
  'request_too_large',
  'unsupported_media_type',
  'forbidden_origin',
  // reserve (docs/events.md#errors)
  'max_tickets_per_order_exceeded',
  'min_tickets_per_order_not_met',
  'rule_blocks_reserve',
  'event_session_sold_out',
  // memberships (docs/events.md#members-only-events): beyond an allowance; a lapsed member asks for members-only
  // tickets (the expired-membership message); a non-member does; the session is after the
  // membership ends (member_reserve_session_beyond_term); renewal outside allowed_period
  // (`_extra.renew_from`); a current membership for oneself bought again outside the window
  'member_limit_exceeded',
  'membership_expired',
  'membership_required',
  'membership_beyond_term',
  'renewal_not_allowed',
  'membership_exists',
  // prevent_membership_updates (docs/memberships.md#4-refusals-error-envelope): a member's names and e-mails are changed only by the seller
  'member_details_locked',
  'ticket_group_capacity_exceeded',
  'ticket_group_sold_out',
  'session_capacity_exceeded',
  // reserved seating: the seat was taken by someone else between view and click
  'seat_unavailable',
  'cart_expired',
  'cart_already_booked',
  'incorrect_cart_state',
  // additional info (docs/api.md#errors)
  'additional_info_validation_failed',
  // payment and checkout (docs/checkout.md#errors)
  'intent_requires_action',
  'intent_processing',
  'idempotency_key_reused',
  'payment_not_supported',
  'card_declined',
  'incorrect_cvc',
  'incorrect_zip',
  'payment_failed',
  'guest_account',
  'incorrect_password',
  'not_configured',
  // login (docs/accounts.md#web-screens)
  'not_available_yet',
  'otp_incorrect',
  'otp_token_expired',
  'not_authorized',
  'validate_failed',
  'validate_not_email',
  // external identity-provider login (docs/accounts.md#errors login callback)
  'invalid_state',
  'provider_unavailable',
  // accounts and recovery (docs/accounts.md#errors)
  'email_in_use',
  // order management
  'ticket_not_found',
  'scan_code_not_found',
  'already_redeemed',
  'ticket_cancelled',
  'ticket_not_today',
  // the door screen (docs/door.md): an undo of anything but one's own last admission
  'door_undo_not_last',
  // gifts of membership (docs/memberships.md#7-gifts-of-membership Gift code)
  'gift_code_not_found',
  'gift_code_expired',
  'gift_code_redeemed',
  'gift_requires_empty_cart',
  // auto-renew (docs/memberships.md#8-auto-renew Cancel auto-renew)
  'not_enrolled',
  // promotions (docs/promotions.md#applying-codes promo validation codes)
  'code_not_found',
  'code_exhausted',
  'duplicate_code',
  'no_code_benefit',
  'invalid_citypass',
  'citypass_failure',
  // self-edit and reschedule (docs/after-sale.md#errors Order management)
  'tickets_too_old',
  'ticket_state_incorrect',
  'self_edit_not_allowed',
  // the box office (docs/box-office.md)
  'totp_required',
  'totp_incorrect',
  'forbidden_role',
  'refund_exceeds_paid',
  'refund_in_progress',
  'refund_failed',
  'capacity_below_taken',
  // a move to a dearer session: the difference is to be charged with it (docs/box-office.md, Move)
  'payment_required',
  // a move by payment link (docs/box-office.md#paid-by-a-payment-link): one that costs nothing more is made directly; a link paid, expired or withdrawn already
  'move_not_dearer',
  'move_link_settled',
  // paying (docs/payments.md "Captcha and terms"): the seller has terms and the pay call did not accept them
  'terms_not_accepted',
] as const;

/** The refusal's text when a pay call does not accept the seller's terms (`terms_not_accepted`). */
export const TERMS_NOT_ACCEPTED_TEXT = 'Please accept the terms and conditions to continue.';
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorEntry = z.object({
  _code: z.string(),
  _context: z.string().nullable(),
  _description: z.string(),
  _extra: z.unknown().nullable(),
});
export type TErrorEntry = z.infer<typeof ZErrorEntry>;

/** The 4xx/5xx body: `{ _data: [ { _code, _context, _description, _extra } ] }`. */
export const ZErrorEnvelope = z.object({ _data: z.array(ZErrorEntry).min(1) });
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** POST client_error (docs/api.md#errors error reporting): an unexpected error a browser met. */
export const ZClientError = z
  .object({
    source: z.enum(['window_error', 'unhandled_rejection', 'api', 'render', 'address_lookup']),
    message: z.string().trim().min(1).max(1000),
    /** The page's path (no query: it may hold keys and codes). */
    page: z.string().max(2000),
    stack: z.string().max(8000).optional(),
    /** For an API error: the call, its status and code, and the server's request id. */
    method: z.string().max(10).optional(),
    path: z.string().max(2000).optional(),
    status: z.number().int().min(0).max(999).optional(),
    code: z.string().max(64).optional(),
    request_id: z.string().max(100).optional(),
  })
  .strict();
export type TClientError = z.infer<typeof ZClientError>;
export const ZClientErrorAnswer = z.object({ received: z.literal(true) });
