import { z } from 'zod';
import { ZJson, ZMoney, ZPaging, ZTermFields } from './wire-primitives.js';
import { EMAIL_MAX, PASSWORD_MAX } from './auth-limits.js';
import { ADMIT_NAME_PART_MAX } from './attendee-limits.js';
import { STAFF_ROLES } from './staff-roles.js';
import { ZPassword } from './auth.js';
import { GATEWAYS } from './payment-limits.js';
import { ZListDocument } from './resources.js';

/**
 * The box office (docs/box-office.md): staff accounts, their sign-in, the audit log and the staff
 * routes under /api/admin. Staff are not storefront accounts; their wire shapes live here.
 */

/** Ranked: each role may do what the ones before it may (door < box_office < admin). */
export { STAFF_ROLES, STAFF_ACTION_ROLES, staffRoleAllows } from './staff-roles.js';
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/** Roles that need a second factor (TOTP) after the password. */
export const TOTP_ROLES: readonly TStaffRole[] = ['box_office', 'admin'];
/** TOTP as authenticator apps use it (RFC 6238): 6 digits, 30-second steps, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;

export const ZStaff = z.object({
  id: z.string(),
  email: z.string(),
  role: ZStaffRole,
  disabled: z.boolean(),
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TStaff = z.infer<typeof ZStaff>;

/** Where a sign-in stands: the password alone opens nothing when a second factor is due. */
export const ADMIN_SESSION_STAGES = ['complete', 'totp', 'totp_enrolment'] as const;
export const ZAdminSession = z.object({
  stage: z.enum(ADMIN_SESSION_STAGES),
  expires_at: z.string(),
  /** Enrolment only: the secret as an otpauth:// URI and as a QR code (SVG markup) to scan. */
  otpauth_uri: z.string().nullable(),
  qr_code_svg: z.string().nullable(),
});
export type TAdminSession = z.infer<typeof ZAdminSession>;

/** POST admin/login. */
export const ZAdminLoginBody = z
  .object({ email: z.string().trim().min(1).max(EMAIL_MAX), password: z.string().min(1).max(PASSWORD_MAX) })
  .strict();
export type TAdminLoginBody = z.infer<typeof ZAdminLoginBody>;

/** POST admin/login/totp: the code the authenticator app shows. */
export const ZAdminTotpBody = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code') }).strict();
export type TAdminTotpBody = z.infer<typeof ZAdminTotpBody>;

/** POST admin/password: the one-time link's token and the new password. */
export const ZAdminSetPasswordBody = z.object({ token: z.string().min(1).max(200), password: ZPassword }).strict();
export type TAdminSetPasswordBody = z.infer<typeof ZAdminSetPasswordBody>;

/** Login, TOTP and GET admin/me answer alike: who is signed in and how far. */
export const ZAdminMeAnswer = z.object({ staff: ZStaff, admin_session: ZAdminSession });
export type TAdminMeAnswer = z.infer<typeof ZAdminMeAnswer>;
export const ZAdminOkAnswer = z.object({ ok: z.literal(true) });

/** One audit entry: who did what to which object, and the object before and after. */
export const ZAuditEntry = z.object({
  id: z.string(),
  staff_id: z.string().nullable(),
  staff_email: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const Page = {
  _limit: z.coerce.number().int().min(1).max(200).default(50),
  _offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
const IsoTime = z.iso.datetime({ offset: true });

/** GET admin/audit filters. */
export const ZAuditQuery = z
  .object({
    staff_email: z.string().trim().max(EMAIL_MAX).optional(),
    action: z.string().trim().max(100).optional(),
    object_type: z.string().trim().max(100).optional(),
    object_id: z.string().trim().max(100).optional(),
    from: IsoTime.optional(),
    to: IsoTime.optional(),
    ...Page,
  })
  .strict();
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditAnswer = ZListDocument('audit_entry', ZAuditEntry).extend({ _limit: ZPaging });

export type TAuditAnswer = z.infer<typeof ZAuditAnswer>;


/** GET admin/orders?q=: one box over order number, e-mail, name, phone, scan code, card last 4. */
export const ZAdminOrderQuery = z
  .object({
    q: z.string().trim().min(2).max(200),
    _sort: z.enum(['created_at', '-created_at', 'order_number', '-order_number', 'total', '-total']).default('-created_at'),
    ...Page,
  })
  .strict();
export type TAdminOrderQuery = z.infer<typeof ZAdminOrderQuery>;

export const ZAdminOrderRow = z.object({
  id: z.string(),
  order_number: z.string(),
  state: z.string(),
  created_at: z.string(),
  total: ZMoney,
  paid: ZMoney,
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  ticket_count: z.number().int(),
});
export type TAdminOrderRow = z.infer<typeof ZAdminOrderRow>;
export const ZAdminOrderList = ZListDocument('admin_order', ZAdminOrderRow).extend({ _limit: ZPaging });
export type TAdminOrderList = z.infer<typeof ZAdminOrderList>;

export const ZAdminTicket = z.object({
  id: z.string(),
  state: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  ticket_type_name: z.string(),
  /** The ticket's group, and whether it sells reserved seats (docs/box-office.md#seats): a move into its event's sessions names a seat. */
  ticket_group_id: z.string(),
  seated: z.boolean(),
  session_start: z.string().nullable(),
  seat: z.string().nullable(),
  scan_code: z.string().nullable(),
  admit_name: z.string().nullable(),
  value: ZMoney,
  redeemed_at: z.string().nullable(),
});
export const ZAdminPayment = z.object({
  id: z.string(),
  /** charge: money taken; refund: money given back (a change's difference or a staff refund). */
  kind: z.enum(['charge', 'refund']),
  gateway_id: z.string(),
  amount: ZMoney,
  status: z.string(),
  reference: z.string().nullable(),
  /** The card's last 4 digits, when a card gateway said (0034). */
  card_last4: z.string().nullable(),
  created_at: z.string(),
});
export const ZAdminOrderChange = z.object({ cart_id: z.string(), cart_number: z.string(), state: z.string(), created_at: z.string() });
export const ZAdminInstalment = z.object({ id: z.string(), rank: z.number().int(), due_date: z.string(), amount: ZMoney, status: z.string() });
export const ZAdminMail = z.object({ id: z.string(), kind: z.string(), to_address: z.string(), subject: z.string(), status: z.string(), created_at: z.string(), sent_at: z.string().nullable() });
export const ZAdminTimelineEntry = z.object({ at: z.string(), what: z.string(), by: z.string().nullable() });

/** GET admin/orders/{id}: everything about one order a desk needs, and what was done to it. */
export const ZAdminOrderDetail = z.object({
  admin_order: ZAdminOrderRow.extend({
    cart_id: z.string(),
    refunded: ZMoney,
    refundable: ZMoney,
    /** When the buyer accepted the seller's terms at checkout and the sha256 of those terms; null when there were none. */
    terms_accepted_at: z.string().nullable(),
    terms_hash: z.string().nullable(),
  }),
  tickets: z.array(ZAdminTicket),
  payments: z.array(ZAdminPayment),
  changes: z.array(ZAdminOrderChange),
  instalments: z.array(ZAdminInstalment),
  mails: z.array(ZAdminMail),
  timeline: z.array(ZAdminTimelineEntry),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** POST admin/orders/{id}/refund: chosen tickets (or, without ticket_ids, the whole order) and why. */
export const ZAdminRefundBody = z
  .object({
    ticket_ids: z.array(z.string().min(1).max(64)).min(1).max(200).optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type TAdminRefundBody = z.infer<typeof ZAdminRefundBody>;

export const ZAdminRefund = z.object({
  id: z.string(),
  order_id: z.string(),
  /** refunded: the money is back and the tickets cancelled; sending: the provider's answer is awaited (retried, never sent twice). */
  status: z.enum(['sending', 'refunded', 'failed']),
  amount: ZMoney,
  ticket_ids: z.array(z.string()),
  reason: z.string(),
  created_at: z.string(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;
export const ZAdminRefundAnswer = z.object({ admin_refund: ZAdminRefund });
export type TAdminRefundAnswer = z.infer<typeof ZAdminRefundAnswer>;

/** PATCH admin/orders/{id}/tickets/{ticketId}: the attendee's name, within the storefront's limits (joined into admit_name). */
const AdmitNamePart = z.string().trim().min(1).max(ADMIT_NAME_PART_MAX);
export const ZAdminTicketNameBody = z.object({ first_name: AdmitNamePart, last_name: AdmitNamePart }).strict();
export type TAdminTicketNameBody = z.infer<typeof ZAdminTicketNameBody>;
export const ZAdminTicketAnswer = z.object({ admin_ticket: ZAdminTicket });
export type TAdminTicketAnswer = z.infer<typeof ZAdminTicketAnswer>;
export type TAdminTicket = z.infer<typeof ZAdminTicket>;

/**
 * POST admin/orders/{id}/move: booked tickets of one event to another session of it, why, and for a
 * dearer session the payment of the difference (a gateway the storefront takes, as its pay call).
 */
/** What every move names: the tickets, the session, why; into a seated session, the seats. */
const ZAdminMoveFields = z.object({
  ticket_ids: z.array(z.string().min(1).max(64)).min(1).max(200),
  event_session_id: z.string().min(1).max(64),
  reason: z.string().trim().min(1).max(500),
  /** Into a seated session: the new ticket's seat for each of `ticket_ids`, in the same order (docs/box-office.md#seats). */
  seat_ids: z.array(z.string().min(1).max(64)).min(1).max(200).optional(),
});
const oneSeatEach = (b: { ticket_ids: string[]; seat_ids?: string[] }) => !b.seat_ids || b.seat_ids.length === b.ticket_ids.length;
export const ZAdminMoveBody = ZAdminMoveFields.extend({
  payment: z.object({ gateway_id: z.enum(GATEWAYS.filter((g) => g !== 'free') as ['demo', 'ledger', 'stripe']), gateway_data: ZJson.default({}) }).strict().optional(),
})
  .strict()
  .refine(oneSeatEach, { error: 'one seat for each ticket', path: ['seat_ids'] });
export type TAdminMoveBody = z.infer<typeof ZAdminMoveBody>;
export const ZAdminMove = z.object({
  order_id: z.string(),
  /** The tickets moved out (now cancelled) and the ones that replace them, in the same order. */
  moved_ticket_ids: z.array(z.string()),
  tickets: z.array(ZAdminTicket),
  /** Above 0: charged; below 0: given back to the order's payments (or as a gift card). */
  difference: ZMoney,
});
export type TAdminMove = z.infer<typeof ZAdminMove>;
export const ZAdminMoveAnswer = z.object({ admin_move: ZAdminMove });
export type TAdminMoveAnswer = z.infer<typeof ZAdminMoveAnswer>;

/**
 * POST admin/orders/{id}/move_link: a move to a dearer session paid by the visitor through a payment
 * link (docs/box-office.md#paid-by-a-payment-link): the new places held until `expires_at` (default
 * 24 hours), the link e-mailed to the buyer (or `email`) unless `send_email` is false.
 */
export const ZAdminMoveLinkBody = ZAdminMoveFields.extend({
  send_email: z.boolean().default(true),
  email: z.email().trim().max(EMAIL_MAX).optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
})
  .strict()
  .refine(oneSeatEach, { error: 'one seat for each ticket', path: ['seat_ids'] });
export type TAdminMoveLinkBody = z.infer<typeof ZAdminMoveLinkBody>;
/** POST admin/orders/{id}/move_link/{cartId}/cancel: staff withdraw a link not paid yet. */
export const ZAdminMoveLinkCancelBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
export const MOVE_LINK_STATES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export const ZAdminMoveLink = z.object({
  order_id: z.string(),
  /** The change cart that holds the new places; the link pays it. */
  cart_id: z.string(),
  cart_number: z.string(),
  difference: ZMoney,
  /** Single use: hands the change to the visitor's browser, which pays it (/transfer-cart/{cartId}?key=…); only its creation answers it (null after). */
  link: z.string().nullable(),
  expires_at: z.string(),
  emailed_to: z.string().nullable(),
  state: z.enum(MOVE_LINK_STATES),
});
export type TAdminMoveLink = z.infer<typeof ZAdminMoveLink>;
export const ZAdminMoveLinkAnswer = z.object({ admin_move_link: ZAdminMoveLink });
export type TAdminMoveLinkAnswer = z.infer<typeof ZAdminMoveLinkAnswer>;

/** POST admin/orders/{id}/resend: the confirmation again, to the buyer or another address. */
export const ZAdminResendBody = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX).check(z.email()).optional() }).strict();
export type TAdminResendBody = z.infer<typeof ZAdminResendBody>;
export const ZAdminResendAnswer = z.object({ sent_to: z.string() });

/** GET admin/sessions: the sessions of one venue-local day, of one event or all. */
export const ZAdminSessionQuery = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    event_id: z.string().min(1).max(64).optional(),
    ...Page,
  })
  .strict();
export type TAdminSessionQuery = z.infer<typeof ZAdminSessionQuery>;

export const ZAdminSessionRow = z.object({
  id: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  start_datetime: z.string(),
  /** -1: unlimited. */
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  /** When the oldest cart still holding tickets here was made (how stale the holds are). */
  oldest_hold_at: z.string().nullable(),
  checked_in: z.number().int(),
  /** null: unlimited. */
  available: z.number().int().nullable(),
  closed: z.boolean(),
});
export type TAdminSessionRow = z.infer<typeof ZAdminSessionRow>;
/** In the day's list, also the event's ticket types (what the desk may issue as comps). */
/** Each ticket type with its group and whether that group sells reserved seats (comps then name the seats, docs/box-office.md#seats). */
export const ZAdminSessionListRow = ZAdminSessionRow.extend({
  ticket_types: z.array(z.object({ id: z.string(), name: z.string(), ticket_group_id: z.string(), seated: z.boolean() })),
});
export type TAdminSessionListRow = z.infer<typeof ZAdminSessionListRow>;
export const ZAdminSessionList = ZListDocument('admin_session', ZAdminSessionListRow).extend({ _limit: ZPaging });
export type TAdminSessionList = z.infer<typeof ZAdminSessionList>;

/** PATCH admin/sessions/{id} (admin): close or reopen for sale; change capacity (-1: unlimited). */
export const ZAdminSessionPatch = z
  .object({ closed: z.boolean().optional(), capacity: z.number().int().min(-1).max(1_000_000).optional() })
  .strict()
  .refine((b) => b.closed !== undefined || b.capacity !== undefined, 'Send closed or capacity');
export type TAdminSessionPatch = z.infer<typeof ZAdminSessionPatch>;
export const ZAdminSessionAnswer = z.object({ admin_session: ZAdminSessionRow });

/** GET admin/reports/sales: [from, to) as venue-local dates; JSON or CSV. */
export const ZAdminReportQuery = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .refine((q) => q.from <= q.to, 'from must not be after to');
export type TAdminReportQuery = z.infer<typeof ZAdminReportQuery>;

const ReportLine = z.object({ key: z.string(), name: z.string(), quantity: z.number().int(), amount: ZMoney });
/**
 * Sales of orders booked in the period: by day (orders and their totals), by event and by ticket
 * type (tickets and what they were sold for); payments taken and refunds made in the period by
 * gateway; gift-card balances and current members by level now.
 */
export const ZAdminSalesReport = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  by_day: z.array(ReportLine),
  by_event: z.array(ReportLine),
  by_ticket_type: z.array(ReportLine),
  payments_by_method: z.array(ReportLine.extend({ refunded: ZMoney })),
  orders: z.object({ count: z.number().int(), total: ZMoney }),
  payments: z.object({ charged: ZMoney, refunded: ZMoney }),
  gift_card_liability: ZMoney,
  members_by_level: z.array(ReportLine),
});
export type TAdminSalesReport = z.infer<typeof ZAdminSalesReport>;
export const ZAdminSalesReportAnswer = z.object({ admin_report: ZAdminSalesReport });

/** Whom a staff-made cart or comp is for: an e-mail address and a name. */
const ZAdminPerson = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX).check(z.email()), first_name: z.string().trim().min(1).max(100), last_name: z.string().trim().min(1).max(100) }).strict();

/** POST admin/carts: a payment-link cart (as `foyer cart inject`), e-mailed to its purchaser or not. */
export const ZAdminCartBody = z
  .object({
    items: z
      .array(z.object({ ticket_type: z.string().min(1).max(100), session: z.string().min(1).max(100).nullish(), quantity: z.number().int().min(1).max(100).optional() }).strict())
      .min(1)
      .max(50),
    purchaser: ZAdminPerson.nullish(),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
    send_email: z.boolean().default(false),
  })
  .strict()
  .refine((b) => !b.send_email || b.purchaser, 'send_email needs a purchaser');
export type TAdminCartBody = z.infer<typeof ZAdminCartBody>;
export const ZAdminCartAnswer = z.object({ cart_id: z.string(), cart_number: z.string(), total: ZMoney, link: z.string(), emailed_to: z.string().nullable() });
export type TAdminCartAnswer = z.infer<typeof ZAdminCartAnswer>;

/** POST admin/comps: complimentary tickets, booked at once into a zero-total order, e-mailed to the recipient or not. */
export const ZAdminCompBody = z
  .object({
    items: ZAdminCartBody.shape.items,
    recipient: ZAdminPerson.nullish(),
    send_email: z.boolean().default(false),
    reason: z.string().trim().min(1).max(500),
    /** Into a seated session: a seat for each ticket, the items' tickets in order (docs/box-office.md#seats). */
    seat_ids: z.array(z.string().min(1).max(64)).min(1).max(1000).optional(),
  })
  .strict()
  .refine((b) => !b.send_email || b.recipient, 'send_email needs a recipient')
  .refine((b) => !b.seat_ids || b.seat_ids.length === b.items.reduce((n, i) => n + (i.quantity ?? 1), 0), { error: 'one seat for each ticket', path: ['seat_ids'] });
export type TAdminCompBody = z.infer<typeof ZAdminCompBody>;
export const ZAdminComp = z.object({ order_id: z.string(), order_number: z.string(), tickets: z.array(ZAdminTicket), emailed_to: z.string().nullable() });
export type TAdminComp = z.infer<typeof ZAdminComp>;
export const ZAdminCompAnswer = z.object({ admin_comp: ZAdminComp });
export type TAdminCompAnswer = z.infer<typeof ZAdminCompAnswer>;

/** GET admin/members?q=: member cards by name, e-mail or member id. */
export const ZAdminMemberQuery = z.object({ q: z.string().trim().min(2).max(200), ...Page }).strict();
export type TAdminMemberQuery = z.infer<typeof ZAdminMemberQuery>;
export const ZAdminMember = z.object({
  id: z.string(),
  card_set_id: z.string(),
  scan_code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  level: z.string(),
  ...ZTermFields,
  auto_renew_state: z.string(),
  ticket_order_id: z.string().nullable(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;
export const ZAdminMemberList = ZListDocument('admin_member', ZAdminMember).extend({ _limit: ZPaging });
export type TAdminMemberList = z.infer<typeof ZAdminMemberList>;

/** POST admin/members/{cardSetId}/extend: a later end for every card of the set; why. */
export const ZAdminMemberExtendBody = z.object({ valid_to: IsoTime, reason: z.string().trim().min(1).max(500) }).strict();
export type TAdminMemberExtendBody = z.infer<typeof ZAdminMemberExtendBody>;
/** POST admin/members/{cardSetId}/cancel and …/auto_renew/cancel: why. */
export const ZAdminMemberActionBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
export type TAdminMemberActionBody = z.infer<typeof ZAdminMemberActionBody>;
/** The set's cards as they now stand. */
export const ZAdminMemberSetAnswer = z.object({ admin_member: z.array(ZAdminMember) });
export type TAdminMemberSetAnswer = z.infer<typeof ZAdminMemberSetAnswer>;

/** Texts of the staff side's refusals. */
export const ADMIN_TEXT = {
  signInFailed: 'That e-mail address and password do not match a staff account.',
  notSignedIn: 'Sign in to the box office first.',
  totpRequired: 'Enter the code from your authenticator app first.',
  totpIncorrect: 'That code is not right. Check the time on your phone and try again.',
  forbiddenRole: 'Your role may not do this.',
  refundExceedsPaid: 'That is more than this order has left to refund.',
  refundInProgress: 'Another refund of this order is under way. Try again when it has finished.',
  refundNotBooked: 'This ticket was refunded or cancelled already, or is not booked.',
  refundNothingLeft: 'Nothing is left to refund on this order.',
  refundFailed: 'The payment provider refused the refund; nothing was changed.',
  capacityBelowTaken: 'The capacity cannot be less than the tickets sold and held ({taken}).',
  renameNotBooked: 'Only a booked or checked-in ticket can be renamed.',
  moveNotBooked: 'Only booked tickets can be moved.',
  memberNotFound: 'We could not find that membership.',
  memberExtendEarlier: 'The new end must be later than the membership’s current end.',
  memberEnded: 'This membership has ended already.',
  memberNotEnrolled: 'This membership does not renew automatically.',
  memberNoEmail: 'These cards have no e-mail address to send to: type one.',
  moveOneEvent: 'Move the tickets of one event at a time, to another session of that event.',
  moveSameSession: 'The tickets are in that session already.',
  movePaymentRequired: 'The new session costs {amount} more: take the payment of the difference.',
  moveLinkNotDearer: 'This move costs nothing more: move the tickets directly (a cheaper session’s difference is refunded).',
  moveLinkNoEmail: 'This order has no e-mail address to send the link to: type one.',
  moveLinkNotFound: 'We could not find that payment link for this order.',
  moveLinkSettled: 'This payment link was paid, has expired or was withdrawn already.',
  setPasswordInvalid: 'This link is not valid. It may have expired or been used; ask an admin for a new one.',
} as const;
