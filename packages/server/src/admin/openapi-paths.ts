import { ZAdminMemberActionBody, ZAdminMemberExtendBody, ZAdminMemberSetAnswer, ZAdminCompAnswer, ZAdminCompBody, ZAdminMoveAnswer, ZAdminMoveBody, ZAdminMemberList, ZAdminCartAnswer, ZAdminCartBody, ZAdminSalesReportAnswer, ZAdminSessionAnswer, ZAdminSessionList, ZAdminSessionPatch, ZAdminTicketAnswer, ZAdminTicketNameBody, ZAdminRefundAnswer, ZAdminRefundBody, ZAdminResendAnswer, ZAdminResendBody, ZAdminOrderDetail, ZAdminOrderList, ZAdminLoginBody, ZAdminMeAnswer, ZAdminOkAnswer, ZAdminSetPasswordBody, ZAdminTotpBody, ZAuditAnswer } from '@foyer/contracts';
import { answer, operation, pathParam, type Operation } from '../http/openapi-parts.js';

const SIGNED_IN = { '401': 'not_authorized (not signed in), totp_required (the second factor is due)', '403': 'forbidden_role (the role may not)' };
const admin = (o: Operation) => ({ ...operation({ ...o, refusals: { ...SIGNED_IN, ...o.refusals } }), tags: ['admin'] });
const open = (o: Operation) => ({ ...operation(o), tags: ['admin'] });
const PAGE = [
  { name: '_limit', in: 'query', schema: { type: 'integer' }, description: '1–200, default 50' },
  { name: '_offset', in: 'query', schema: { type: 'integer' } },
];
const query = (name: string, description: string) => ({ name, in: 'query', schema: { type: 'string' }, description });

/** OpenAPI paths of the box office (docs/box-office.md), tag `admin`, from the contracts. */
export function adminPaths() {
  return {
    '/admin/login': {
      post: open({
        summary: 'Staff sign-in with e-mail and password (cookie foyer_staff, path /api/admin, SameSite=Strict); box office and admin then need the TOTP code (stage totp, or totp_enrolment with the QR code to scan)',
        body: ZAdminLoginBody,
        ok: ZAdminMeAnswer,
        refusals: { '400': 'validation_failed', '401': 'not_authorized (unknown e-mail, wrong password or disabled: one answer)', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/admin/login/totp': {
      post: open({
        summary: 'The second factor: a code of the authenticator app; replaces the pending session with a signed-in one',
        body: ZAdminTotpBody,
        ok: ZAdminMeAnswer,
        refusals: { '400': 'validation_failed', '401': 'not_authorized (no pending sign-in), totp_incorrect', '409': 'validation_failed (signed in already)', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/admin/me': { get: admin({ summary: 'The signed-in staff member and the session’s expiry', ok: ZAdminMeAnswer }) },
    '/admin/logout': { post: open({ summary: 'Ends the staff session (signed in or waiting for its second factor)', ok: ZAdminOkAnswer }) },
    '/admin/password': {
      post: open({
        summary: 'Sets a staff member’s password with the one-time link of `staff add`; ends their sessions',
        body: ZAdminSetPasswordBody,
        ok: ZAdminOkAnswer,
        refusals: { '400': 'validation_failed, not_authorized (the link is unknown, used or expired)' },
      }),
    },
    '/admin/orders': {
      get: admin({
        summary: 'Find orders (box office): one search over order number, scan code (exact), e-mail, name, ticket names and phone (in part)',
        parameters: [query('q', 'at least 2 characters'), query('_sort', 'created_at, order_number or total; - for descending'), ...PAGE],
        ok: ZAdminOrderList,
        refusals: { '400': 'validation_failed' },
      }),
    },
    '/admin/orders/{id}': {
      get: admin({
        summary: 'One order (box office): tickets, payments and refunds, changes, instalments, e-mails and a timeline with the audit log',
        parameters: [pathParam('id')],
        ok: ZAdminOrderDetail,
        refusals: { '404': 'not_found' },
      }),
    },
    '/admin/orders/{id}/refund': {
      post: admin({
        summary: 'Refund chosen tickets (their value) or the whole order (all it has left, fees included) through the gateway that took the money, then cancel the tickets and give back what they took (box office)',
        parameters: [pathParam('id')],
        body: ZAdminRefundBody,
        ok: ZAdminRefundAnswer,
        refusals: {
          '400': 'validation_failed',
          '404': 'not_found, ticket_not_found',
          '409': 'ticket_state_incorrect (refunded or cancelled already), refund_exceeds_paid, refund_in_progress (another refund of the order at the same moment)',
          '502': 'refund_failed (the provider refused; nothing changed; _extra.reason)',
        },
      }),
    },
    '/admin/orders/{id}/move': {
      post: admin({
        summary: "Move booked tickets of one event to another of its sessions (box office), by the storefront's reschedule: capacity-checked, the self-edit rules overridden; a cheaper session's difference refunded, a dearer one's charged with `payment`",
        parameters: [pathParam('id')],
        body: ZAdminMoveBody,
        ok: ZAdminMoveAnswer,
        refusals: {
          '400': 'validation_failed (another event, the same session)',
          '402': 'payment_required (a dearer session without payment; _extra.difference), payment_failed, card_declined… (the charge of the difference; nothing changed)',
          '404': 'not_found (order or session), ticket_not_found',
          '409': 'ticket_state_incorrect (not booked), event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out (as reserving)',
        },
      }),
    },
    '/admin/orders/{id}/resend': {
      post: admin({
        summary: 'Send the order confirmation again, to the buyer or to the given address (box office)',
        parameters: [pathParam('id')],
        body: ZAdminResendBody,
        ok: ZAdminResendAnswer,
        refusals: { '400': 'validation_failed (bad address, or none to send to)', '404': 'not_found' },
      }),
    },
    '/admin/orders/{id}/tickets/{ticketId}': {
      patch: admin({
        summary: "Correct a ticket's attendee name (box office): first and last name, each 1–50 characters, joined into admit_name; written to the order's audit log with the name before",
        parameters: [pathParam('id'), pathParam('ticketId')],
        body: ZAdminTicketNameBody,
        ok: ZAdminTicketAnswer,
        refusals: { '400': 'validation_failed (a name missing, empty or longer than 50)', '404': 'not_found, ticket_not_found', '409': 'ticket_state_incorrect (not booked or checked in)' },
      }),
    },
    '/admin/sessions': {
      get: admin({
        summary: "One venue-local day's sessions (box office): capacity, sold, held (with the oldest hold's age), checked in, available, closed",
        parameters: [query('date', 'YYYY-MM-DD, at the venue'), query('event_id', 'one event only'), ...PAGE],
        ok: ZAdminSessionList,
        refusals: { '400': 'validation_failed' },
      }),
    },
    '/admin/sessions/{id}': {
      patch: admin({
        summary: 'Close or reopen a session for sale, or change its capacity (admin); capacity never below sold + held',
        parameters: [pathParam('id')],
        body: ZAdminSessionPatch,
        ok: ZAdminSessionAnswer,
        refusals: { '400': 'validation_failed', '404': 'not_found', '409': 'capacity_below_taken (_extra.taken)' },
      }),
    },
    '/admin/reports/sales': {
      get: admin({
        summary: 'Sales of a period (box office): by day, event, ticket type and payment method, refunds, gift-card liability, members by level; format=csv for a spreadsheet',
        parameters: [query('from', 'YYYY-MM-DD at the venue'), query('to', 'YYYY-MM-DD at the venue, included'), query('format', 'json (default) or csv')],
        ok: { ...answer(ZAdminSalesReportAnswer), content: { ...answer(ZAdminSalesReportAnswer).content, 'text/csv': { schema: { type: 'string' } } } },
        refusals: { '400': 'validation_failed' },
      }),
    },
    '/admin/carts': {
      post: admin({
        summary: 'A payment-link cart (box office), as `foyer cart inject`: items by ticket type and session (ids or catalog keys, EVENT@START), an optional purchaser; its single-use link, e-mailed to the purchaser when send_email',
        body: ZAdminCartBody,
        ok: ZAdminCartAnswer,
        refusals: { '400': 'validation_failed', '409': 'event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, ticket_group_capacity_exceeded (as reserving)' },
      }),
    },
    '/admin/comps': {
      post: admin({
        summary: 'Complimentary tickets (box office): items as payment-link carts name them, reserved with every reserve rule and capacity check, booked at once into an order of zero total; to a recipient (a guest account), e-mailed when send_email',
        body: ZAdminCompBody,
        ok: ZAdminCompAnswer,
        refusals: { '400': 'validation_failed', '409': 'event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, ticket_group_capacity_exceeded (as reserving; nothing is booked)' },
      }),
    },
    '/admin/members': {
      get: admin({
        summary: 'Find member cards (box office): member id (exact), name or e-mail (in part); level, validity, auto-renew state, order',
        parameters: [query('q', 'at least 2 characters'), ...PAGE],
        ok: ZAdminMemberList,
        refusals: { '400': 'validation_failed' },
      }),
    },
    '/admin/members/{id}/extend': {
      post: admin({
        summary: "Extend a membership (box office): every card of the set (id: its card_set_id) to a later valid_to; audited",
        parameters: [pathParam('id')],
        body: ZAdminMemberExtendBody,
        ok: ZAdminMemberSetAnswer,
        refusals: { '400': 'validation_failed (not later than the current end)', '404': 'not_found' },
      }),
    },
    '/admin/members/{id}/cancel': {
      post: admin({
        summary: 'Cancel a membership now (box office): the set’s cards end and are not renewed; audited',
        parameters: [pathParam('id')],
        body: ZAdminMemberActionBody,
        ok: ZAdminMemberSetAnswer,
        refusals: { '400': 'validation_failed', '404': 'not_found', '409': 'membership_expired (ended already)' },
      }),
    },
    '/admin/members/{id}/resend': {
      post: admin({
        summary: 'E-mail a membership’s cards again (box office): to the address given, else the card holder’s, else the buyer’s; audited',
        parameters: [pathParam('id')],
        body: ZAdminResendBody,
        ok: ZAdminResendAnswer,
        refusals: { '400': 'validation_failed (a bad address, or none to send to)', '404': 'not_found' },
      }),
    },
    '/admin/members/{id}/auto_renew/cancel': {
      post: admin({
        summary: 'Stop a membership’s automatic renewal (box office): the cards stay valid to their end; audited',
        parameters: [pathParam('id')],
        body: ZAdminMemberActionBody,
        ok: ZAdminMemberSetAnswer,
        refusals: { '400': 'validation_failed', '404': 'not_found', '409': 'not_enrolled (not renewing)' },
      }),
    },
    '/admin/members/cards-to-print': {
      post: admin({
        summary: 'Member cards made or renewed since the last export, as CSV for printing (box office): name, member_id, level, valid_to, postal address; the export is written to the audit log and the next one starts from it',
        ok: { description: 'text/csv', content: { 'text/csv': { schema: { type: 'string' } } } },
      }),
    },
    '/admin/audit': {
      get: admin({
        summary: 'The audit log (admin): every staff action with who, when, before and after; newest first',
        parameters: [
          query('staff_email', 'who'),
          query('action', 'e.g. order.refund, staff.add'),
          query('object_type', 'order, ticket, staff, event_session…'),
          query('object_id', 'the object'),
          query('from', 'ISO time, inclusive'),
          query('to', 'ISO time, exclusive'),
          ...PAGE,
        ],
        ok: ZAuditAnswer,
        refusals: { '400': 'validation_failed' },
      }),
    },
  };
}
