import { ZAdminMoveLinkBody, ZAdminMoveLinkCancelBody, ZAdminMoveLinkAnswer, ZAdminMemberActionBody, ZAdminMemberExtendBody, ZAdminCompBody, ZAdminMoveBody, ZAdminMemberQuery, ZAdminCartBody, ZAdminReportQuery, ZAdminOrderQuery, ZAdminRefundBody, ZAdminResendBody, ZAdminSessionPatch, ZAdminSessionQuery, ZAdminTicketNameBody, ZAuditQuery, STAFF_ACTION_ROLES, ZAdminMemberSetAnswer, ZAdminCompAnswer, ZAdminMoveAnswer, ZAdminMemberList, ZAdminCartAnswer, ZAdminSalesReportAnswer, ZAdminSessionAnswer, ZAdminSessionList, ZAdminTicketAnswer, ZAdminRefundAnswer, ZAdminResendAnswer, ZAdminOrderDetail, ZAdminOrderList, ZAuditAnswer } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { staffRoute } from './require-staff.js';
import { listAudit } from './list-audit.js';
import { findAdminOrders } from './find-orders.js';
import { readAdminOrder } from './read-admin-order.js';
import { refundOrder } from './refund-order.js';
import { resendOrderMail } from './resend-order-mail.js';
import { renameTicket } from './rename-ticket.js';
import { moveTickets } from './move-tickets.js';
import { cancelMoveLink, createMoveLink } from './move-link.js';
import { issueComps } from './issue-comps.js';
import { cancelMemberAutoRenew, cancelMembership, extendMembership } from './change-membership.js';
import { listAdminSessions } from './list-sessions.js';
import { updateSession } from './update-session.js';
import { salesReport, salesReportCsv } from './sales-report.js';
import { createPaymentLink } from './create-payment-link.js';
import { cardsToPrint } from './cards-to-print.js';
import { findMembers } from './find-members.js';
import { resendMemberCards } from './resend-member-cards.js';
import { gatewaysFor } from '../payments/gateways.js';
import type { StaffViewer } from '../staff/staff-sessions.js';
import { answer, queryParam, type Operation, type Parameter, type Refusals } from '../http/route-docs.js';

const PAGE: Parameter[] = [
  { name: '_limit', in: 'query', schema: { type: 'integer' }, description: '1–200, default 50' },
  { name: '_offset', in: 'query', schema: { type: 'integer' } },
];
/** A box-office action on one object by id (an order, a session, a membership): a body that must be valid (400), an object that must exist (404); `more` adds to them or says them more exactly. */
const objectAction = (summary: string, body: Operation['body'], ok: Operation['ok'], more: Refusals = {}): Operation => ({ summary, body, ok, refusals: { '400': 'validation_failed', '404': 'not_found', ...more } });
/** A paged search of the box office: its own query parameters, then _limit and _offset; a bad query answers 400. */
const pagedSearch = (summary: string, parameters: Parameter[], ok: Operation['ok']): Operation => ({ summary, parameters: [...parameters, ...PAGE], ok, refusals: { '400': 'validation_failed' } });
const ORDERS = pagedSearch(
  'Find orders (box office): one search over order number, scan code (exact), e-mail, name, ticket names and phone (in part)',
  [queryParam('q', 'at least 2 characters'), queryParam('_sort', 'created_at, order_number or total; - for descending')],
  ZAdminOrderList,
);
const ORDERS_ONE: Operation = {
  summary: 'One order (box office): tickets, payments and refunds, changes, instalments, e-mails and a timeline with the audit log',
  ok: ZAdminOrderDetail,
  refusals: { '404': 'not_found' },
};
const ORDERS_REFUND = objectAction(
  'Refund chosen tickets (their value) or the whole order (all it has left, fees included) through the gateway that took the money, then cancel the tickets and give back what they took (box office)',
  ZAdminRefundBody,
  ZAdminRefundAnswer,
  {
    '404': 'not_found, ticket_not_found',
    '409': 'ticket_state_incorrect (refunded or cancelled already), refund_exceeds_paid, refund_in_progress (another refund of the order at the same moment)',
    '502': 'refund_failed (the provider refused; nothing changed; _extra.reason)',
  },
);
const ORDERS_MOVE = objectAction(
  "Move booked tickets of one event to another of its sessions (box office), by the storefront's reschedule: capacity-checked, the self-edit rules overridden; a cheaper session's difference refunded, a dearer one's charged with `payment`",
  ZAdminMoveBody,
  ZAdminMoveAnswer,
  {
    '400': 'validation_failed (another event, the same session)',
    '402': 'payment_required (a dearer session without payment; _extra.difference), payment_failed, card_declined… (the charge of the difference; nothing changed)',
    '404': 'not_found (order or session), ticket_not_found',
    '409': 'ticket_state_incorrect (not booked), event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out (as reserving)',
  },
);
const ORDERS_MOVE_LINK = objectAction(
  'Move booked tickets to a dearer session paid later by the visitor through a payment link (box office): the new places held until expires_at (default 24 hours), the old tickets kept until the link is paid; the link e-mailed unless send_email is false',
  ZAdminMoveLinkBody,
  ZAdminMoveLinkAnswer,
  {
    '400': 'validation_failed (another event, the same session, a past expires_at, no address to e-mail)',
    '404': 'not_found (order or session), ticket_not_found',
    '409': 'move_not_dearer (the move costs nothing more: move directly; _extra.difference), ticket_state_incorrect, event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, seat_unavailable (as reserving)',
  },
);
const ORDERS_MOVE_LINK_CANCEL = objectAction(
  "Withdraw a move's payment link not paid yet (box office): the held places released, the order's tickets booked again",
  ZAdminMoveLinkCancelBody,
  ZAdminMoveLinkAnswer,
  { '409': 'move_link_settled (paid, expired or withdrawn already; _extra.state)' },
);
const ORDERS_RESEND = objectAction(
  'Send the order confirmation again, to the buyer or to the given address (box office)',
  ZAdminResendBody,
  ZAdminResendAnswer,
  { '400': 'validation_failed (bad address, or none to send to)' },
);
const ORDERS_TICKETS_PATCH = objectAction(
  "Correct a ticket's attendee name (box office): first and last name, each 1–50 characters, joined into admit_name; written to the order's audit log with the name before",
  ZAdminTicketNameBody,
  ZAdminTicketAnswer,
  { '400': 'validation_failed (a name missing, empty or longer than 50)', '404': 'not_found, ticket_not_found', '409': 'ticket_state_incorrect (not booked or checked in)' },
);
const SESSIONS = pagedSearch(
  "One venue-local day's sessions (box office): capacity, sold, held (with the oldest hold's age), checked in, available, closed",
  [queryParam('date', 'YYYY-MM-DD, at the venue'), queryParam('event_id', 'one event only')],
  ZAdminSessionList,
);
const SESSIONS_PATCH = objectAction(
  'Close or reopen a session for sale, or change its capacity (admin); capacity never below sold + held',
  ZAdminSessionPatch,
  ZAdminSessionAnswer,
  { '409': 'capacity_below_taken (_extra.taken)' },
);
const REPORTS_SALES: Operation = {
  summary: 'Sales of a period (box office): by day, event, ticket type and payment method, refunds, gift-card liability, members by level; format=csv for a spreadsheet',
  parameters: [queryParam('from', 'YYYY-MM-DD at the venue'), queryParam('to', 'YYYY-MM-DD at the venue, included'), queryParam('format', 'json (default) or csv')],
  ok: { ...answer(ZAdminSalesReportAnswer), content: { ...answer(ZAdminSalesReportAnswer).content, 'text/csv': { schema: { type: 'string' } } } },
  refusals: { '400': 'validation_failed' },
};
/** The capacity refusals of a reserve, which a payment-link cart and comps are. */
const AS_RESERVING = 'event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, ticket_group_capacity_exceeded';
const CARTS: Operation = {
  summary: 'A payment-link cart (box office), as `foyer cart inject`: items by ticket type and session (ids or catalog keys, EVENT@START), an optional purchaser; its single-use link, e-mailed to the purchaser when send_email',
  body: ZAdminCartBody,
  ok: ZAdminCartAnswer,
  refusals: { '400': 'validation_failed', '409': `${AS_RESERVING} (as reserving)` },
};
const COMPS: Operation = {
  summary: 'Complimentary tickets (box office): items as payment-link carts name them, reserved with every reserve rule and capacity check, booked at once into an order of zero total; to a recipient (a guest account), e-mailed when send_email',
  body: ZAdminCompBody,
  ok: ZAdminCompAnswer,
  refusals: { '400': 'validation_failed', '409': `${AS_RESERVING} (as reserving; nothing is booked)` },
};
const MEMBERS = pagedSearch('Find member cards (box office): member id (exact), name or e-mail (in part); level, validity, auto-renew state, order', [queryParam('q', 'at least 2 characters')], ZAdminMemberList);
const MEMBERS_EXTEND = objectAction(
  'Extend a membership (box office): every card of the set (id: its card_set_id) to a later valid_to; audited',
  ZAdminMemberExtendBody,
  ZAdminMemberSetAnswer,
  { '400': 'validation_failed (not later than the current end)' },
);
const MEMBERS_CANCEL = objectAction(
  'Cancel a membership now (box office): the set’s cards end and are not renewed; audited',
  ZAdminMemberActionBody,
  ZAdminMemberSetAnswer,
  { '409': 'membership_expired (ended already)' },
);
const MEMBERS_AUTO_RENEW_CANCEL = objectAction(
  'Stop a membership’s automatic renewal (box office): the cards stay valid to their end; audited',
  ZAdminMemberActionBody,
  ZAdminMemberSetAnswer,
  { '409': 'not_enrolled (not renewing)' },
);
const MEMBERS_RESEND_CARDS = objectAction(
  'E-mail a membership’s cards again (box office): to the address given, else the card holder’s, else the buyer’s; audited',
  ZAdminResendBody,
  ZAdminResendAnswer,
  { '400': 'validation_failed (a bad address, or none to send to)' },
);
const MEMBERS_CARDS_TO_PRINT: Operation = {
  summary: 'Member cards made or renewed since the last export, as CSV for printing (box office): name, member_id, level, valid_to, postal address; the export is written to the audit log and the next one starts from it',
  ok: { description: 'text/csv', content: { 'text/csv': { schema: { type: 'string' } } } },
};
const AUDIT = pagedSearch(
  'The audit log (admin): every staff action with who, when, before and after; newest first',
  [
    queryParam('staff_email', 'who'),
    queryParam('action', 'e.g. order.refund, staff.add'),
    queryParam('object_type', 'order, ticket, staff, event_session…'),
    queryParam('object_id', 'the object'),
    queryParam('from', 'ISO time, inclusive'),
    queryParam('to', 'ISO time, exclusive'),
  ],
  ZAuditAnswer,
);

const actorOf = (viewer: StaffViewer) => ({ id: viewer.staff.id, email: viewer.staff.email });
const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** The box office's routes under /api/admin (docs/box-office.md); each names the least role it needs. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = staffRoute(app, ctx);
  route('GET', '/api/admin/orders', 'box_office', ORDERS, async (request) => findAdminOrders(ctx.db, parseBody(ZAdminOrderQuery, request.query, 'admin_orders')));
  const refundDeps = { db: ctx.db, dialect: ctx.dialect, publicUrl: ctx.settings.publicUrl, gatewaysFor: (sellerId: string) => gatewaysFor(ctx.db, sellerId, ctx.stripe ?? null) };
  // A read only: refunds whose answer was lost are finished by their job (admin/reconcile-staff-refunds.ts).
  route('GET', '/api/admin/orders/:id', 'box_office', ORDERS_ONE, async (request) => readAdminOrder(ctx.db, idOf(request)));
  route('POST', '/api/admin/orders/:id/refund', 'box_office', ORDERS_REFUND, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminRefundBody, request.body, 'admin_refund');
    return { admin_refund: await refundOrder(refundDeps, actorOf(viewer), { orderId: idOf(request), ticketIds: body.ticket_ids, reason: body.reason, now: ctx.now() }) };
  });
  route('POST', '/api/admin/orders/:id/resend', 'box_office', ORDERS_RESEND, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminResendBody, request.body, 'admin_resend');
    return resendOrderMail(refundDeps, actorOf(viewer), { orderId: idOf(request), email: body.email, now: ctx.now() });
  });
  route('POST', '/api/admin/orders/:id/move', 'box_office', ORDERS_MOVE, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMoveBody, request.body, 'admin_move');
    return { admin_move: await moveTickets(refundDeps, actorOf(viewer), { orderId: idOf(request), body, now: ctx.now() }) };
  });
  route('POST', '/api/admin/orders/:id/move_link', 'box_office', ORDERS_MOVE_LINK, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMoveLinkBody, request.body, 'admin_move_link');
    return { admin_move_link: await createMoveLink(refundDeps, actorOf(viewer), { orderId: idOf(request), body, now: ctx.now() }) };
  });
  route('POST', '/api/admin/orders/:id/move_link/:cartId/cancel', 'box_office', ORDERS_MOVE_LINK_CANCEL, async (request, _reply, viewer) => {
    const { reason } = parseBody(ZAdminMoveLinkCancelBody, request.body, 'admin_move_link');
    const { cartId } = request.params as { cartId: string };
    return { admin_move_link: await cancelMoveLink(ctx, actorOf(viewer), { orderId: idOf(request), cartId, reason, now: ctx.now() }) };
  });
  route('PATCH', '/api/admin/orders/:id/tickets/:ticketId', 'box_office', ORDERS_TICKETS_PATCH, async (request, _reply, viewer) => {
    const name = parseBody(ZAdminTicketNameBody, request.body, 'admin_ticket');
    const { ticketId } = request.params as { ticketId: string };
    return { admin_ticket: await renameTicket(ctx, actorOf(viewer), { orderId: idOf(request), ticketId, name, now: ctx.now() }) };
  });
  route('GET', '/api/admin/sessions', 'box_office', SESSIONS, async (request) => listAdminSessions(ctx.db, parseBody(ZAdminSessionQuery, request.query, 'admin_sessions')));
  route('PATCH', '/api/admin/sessions/:id', STAFF_ACTION_ROLES.changeSession, SESSIONS_PATCH, async (request, _reply, viewer) => {
    const patch = parseBody(ZAdminSessionPatch, request.body, 'admin_session');
    return { admin_session: await updateSession(ctx, actorOf(viewer), { id: idOf(request), patch, now: ctx.now() }) };
  });
  route('GET', '/api/admin/reports/sales', 'box_office', REPORTS_SALES, async (request, reply) => {
    const q = parseBody(ZAdminReportQuery, request.query, 'admin_report');
    const report = await salesReport(ctx.db, q, ctx.now());
    if (q.format === 'json') return { admin_report: report };
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="sales-${q.from}-${q.to}.csv"`).send(salesReportCsv(report));
  });
  route('POST', '/api/admin/carts', 'box_office', CARTS, async (request, _reply, viewer) => createPaymentLink(refundDeps, actorOf(viewer), parseBody(ZAdminCartBody, request.body, 'admin_cart'), ctx.now()));
  route('POST', '/api/admin/comps', 'box_office', COMPS, async (request, _reply, viewer) => ({ admin_comp: await issueComps(refundDeps, actorOf(viewer), parseBody(ZAdminCompBody, request.body, 'admin_comp'), ctx.now()) }));
  route('GET', '/api/admin/members', 'box_office', MEMBERS, async (request) => findMembers(ctx.db, parseBody(ZAdminMemberQuery, request.query, 'admin_members')));
  route('POST', '/api/admin/members/:id/extend', 'box_office', MEMBERS_EXTEND, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMemberExtendBody, request.body, 'admin_member');
    return { admin_member: await extendMembership(ctx, actorOf(viewer), { cardSetId: idOf(request), validTo: body.valid_to, reason: body.reason, now: ctx.now() }) };
  });
  // Cancelling a membership and stopping its renewal take the same body (a reason) and answer the same set.
  const memberAction = (action: typeof cancelMembership) => async (request: FastifyRequest, _reply: unknown, viewer: StaffViewer) => {
    const body = parseBody(ZAdminMemberActionBody, request.body, 'admin_member');
    return { admin_member: await action(ctx, actorOf(viewer), { cardSetId: idOf(request), reason: body.reason, now: ctx.now() }) };
  };
  route('POST', '/api/admin/members/:id/cancel', 'box_office', MEMBERS_CANCEL, memberAction(cancelMembership));
  route('POST', '/api/admin/members/:id/auto_renew/cancel', 'box_office', MEMBERS_AUTO_RENEW_CANCEL, memberAction(cancelMemberAutoRenew));
  route('POST', '/api/admin/members/:id/resend', 'box_office', MEMBERS_RESEND_CARDS, async (request, _reply, viewer) => {
    const body = parseBody(ZAdminResendBody, request.body, 'admin_member');
    return resendMemberCards(ctx, actorOf(viewer), { cardSetId: idOf(request), email: body.email, now: ctx.now() });
  });
  route('POST', '/api/admin/members/cards-to-print', 'box_office', MEMBERS_CARDS_TO_PRINT, async (_request, reply, viewer) => {
    const made = await cardsToPrint(ctx, actorOf(viewer), ctx.now());
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="cards-to-print-${ctx.now().toISOString().slice(0, 10)}.csv"`).send(made.csv);
  });
  route('GET', '/api/admin/audit', STAFF_ACTION_ROLES.readAudit, AUDIT, async (request) => listAudit(ctx.db, parseBody(ZAuditQuery, request.query, 'admin_audit')));
}
