import { ZAdminMemberActionBody, ZAdminMemberExtendBody, ZAdminCompBody, ZAdminMoveBody, ZAdminMemberQuery, ZAdminCartBody, ZAdminReportQuery, ZAdminOrderQuery, ZAdminRefundBody, ZAdminResendBody, ZAdminSessionPatch, ZAdminSessionQuery, ZAdminTicketNameBody, ZAuditQuery, STAFF_ACTION_ROLES } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
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

const actorOf = (viewer: StaffViewer) => ({ id: viewer.staff.id, email: viewer.staff.email });
const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** The box office's routes under /api/admin (docs/box-office.md); each names the least role it needs. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = staffRoute(app, ctx);
  route('GET', '/api/admin/orders', 'box_office', async (request) => findAdminOrders(ctx.db, parseBody(ZAdminOrderQuery, request.query, 'admin_orders')));
  const refundDeps = { db: ctx.db, dialect: ctx.dialect, publicUrl: ctx.settings.publicUrl, gatewaysFor: (sellerId: string) => gatewaysFor(ctx.db, sellerId, ctx.stripe ?? null) };
  // A read only: refunds whose answer was lost are finished by their job (admin/reconcile-staff-refunds.ts).
  route('GET', '/api/admin/orders/:id', 'box_office', async (request) => readAdminOrder(ctx.db, idOf(request)));
  route('POST', '/api/admin/orders/:id/refund', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminRefundBody, request.body, 'admin_refund');
    return { admin_refund: await refundOrder(refundDeps, actorOf(viewer), { orderId: idOf(request), ticketIds: body.ticket_ids, reason: body.reason, now: ctx.now() }) };
  });
  route('POST', '/api/admin/orders/:id/resend', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminResendBody, request.body, 'admin_resend');
    return resendOrderMail(refundDeps, actorOf(viewer), { orderId: idOf(request), email: body.email, now: ctx.now() });
  });
  route('POST', '/api/admin/orders/:id/move', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMoveBody, request.body, 'admin_move');
    return { admin_move: await moveTickets(refundDeps, actorOf(viewer), { orderId: idOf(request), body, now: ctx.now() }) };
  });
  route('PATCH', '/api/admin/orders/:id/tickets/:ticketId', 'box_office', async (request, _reply, viewer) => {
    const name = parseBody(ZAdminTicketNameBody, request.body, 'admin_ticket');
    const { ticketId } = request.params as { ticketId: string };
    return { admin_ticket: await renameTicket(ctx, actorOf(viewer), { orderId: idOf(request), ticketId, name, now: ctx.now() }) };
  });
  route('GET', '/api/admin/sessions', 'box_office', async (request) => listAdminSessions(ctx.db, parseBody(ZAdminSessionQuery, request.query, 'admin_sessions')));
  route('PATCH', '/api/admin/sessions/:id', STAFF_ACTION_ROLES.changeSession, async (request, _reply, viewer) => {
    const patch = parseBody(ZAdminSessionPatch, request.body, 'admin_session');
    return { admin_session: await updateSession(ctx, actorOf(viewer), { id: idOf(request), patch, now: ctx.now() }) };
  });
  route('GET', '/api/admin/reports/sales', 'box_office', async (request, reply) => {
    const q = parseBody(ZAdminReportQuery, request.query, 'admin_report');
    const report = await salesReport(ctx.db, q, ctx.now());
    if (q.format === 'json') return { admin_report: report };
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="sales-${q.from}-${q.to}.csv"`).send(salesReportCsv(report));
  });
  route('POST', '/api/admin/carts', 'box_office', async (request, _reply, viewer) => createPaymentLink(refundDeps, actorOf(viewer), parseBody(ZAdminCartBody, request.body, 'admin_cart'), ctx.now()));
  route('POST', '/api/admin/comps', 'box_office', async (request, _reply, viewer) => ({ admin_comp: await issueComps(refundDeps, actorOf(viewer), parseBody(ZAdminCompBody, request.body, 'admin_comp'), ctx.now()) }));
  route('GET', '/api/admin/members', 'box_office', async (request) => findMembers(ctx.db, parseBody(ZAdminMemberQuery, request.query, 'admin_members')));
  route('POST', '/api/admin/members/:id/extend', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMemberExtendBody, request.body, 'admin_member');
    return { admin_member: await extendMembership(ctx, actorOf(viewer), { cardSetId: idOf(request), validTo: body.valid_to, reason: body.reason, now: ctx.now() }) };
  });
  route('POST', '/api/admin/members/:id/cancel', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMemberActionBody, request.body, 'admin_member');
    return { admin_member: await cancelMembership(ctx, actorOf(viewer), { cardSetId: idOf(request), reason: body.reason, now: ctx.now() }) };
  });
  route('POST', '/api/admin/members/:id/auto_renew/cancel', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminMemberActionBody, request.body, 'admin_member');
    return { admin_member: await cancelMemberAutoRenew(ctx, actorOf(viewer), { cardSetId: idOf(request), reason: body.reason, now: ctx.now() }) };
  });
  route('POST', '/api/admin/members/:id/resend', 'box_office', async (request, _reply, viewer) => {
    const body = parseBody(ZAdminResendBody, request.body, 'admin_member');
    return resendMemberCards(ctx, actorOf(viewer), { cardSetId: idOf(request), email: body.email, now: ctx.now() });
  });
  route('POST', '/api/admin/members/cards-to-print', 'box_office', async (_request, reply, viewer) => {
    const made = await cardsToPrint(ctx, actorOf(viewer), ctx.now());
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="cards-to-print-${ctx.now().toISOString().slice(0, 10)}.csv"`).send(made.csv);
  });
  route('GET', '/api/admin/audit', STAFF_ACTION_ROLES.readAudit, async (request) => listAudit(ctx.db, parseBody(ZAuditQuery, request.query, 'admin_audit')));
}
