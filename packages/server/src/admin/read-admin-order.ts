import { fromMinor, type TAdminOrderDetail, type TAdminTicket } from '@foyer/contracts';
import type { Db, Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { auditOf, changesOfOrder, instalmentsOfOrder, mailsOfOrder, orderWithBuyer, paymentsOfOrder, REFUND_KINDS, ticketsOfOrder } from './admin-orders.repository.js';
import { orderRowOut } from './find-orders.js';

type PaymentRow = Awaited<ReturnType<typeof paymentsOfOrder>>[number];

export const isRefundRow = (p: { error_code: string | null }) => p.error_code !== null && REFUND_KINDS.includes(p.error_code);
/** Refund rows that gave money back or will (a failed staff refund gave nothing). */
export const refundedOf = (payments: PaymentRow[]) => payments.filter((p) => isRefundRow(p) && p.status !== 'refund_failed').reduce((sum, p) => sum + p.amount, 0);

/** One ticket of an order as the order page shows it. */
export function adminTicketOut(t: Awaited<ReturnType<typeof ticketsOfOrder>>[number]): TAdminTicket {
  return {
    id: t.id,
    state: t.state,
    event_id: t.event_template_id,
    event_name: t.event_name,
    ticket_type_name: t.ticket_type_name,
    ticket_group_id: t.ticket_group_id,
    seated: t.group_handler === 'seated',
    session_start: t.start_datetime ?? null,
    seat: t.seat_name ? [t.seat_section, t.seat_row, t.seat_name].filter(Boolean).join(' ') : null,
    scan_code: t.scan_code,
    admit_name: t.admit_name,
    value: fromMinor(t.adjusted_value),
    redeemed_at: t.redeemed_at,
  };
}

export const orderNotFound = () => new AppError(404, 'not_found', 'We could not find that order.', 'admin_order');

/** GET admin/orders/{id} (docs/box-office.md, The order page). */
export async function readAdminOrder(db: Db | Tx, orderId: string): Promise<TAdminOrderDetail> {
  const order = await orderWithBuyer(db, orderId);
  if (!order) throw orderNotFound();
  const [tickets, payments, changes, instalments, mails, audit] = await Promise.all([
    ticketsOfOrder(db, orderId),
    paymentsOfOrder(db, orderId),
    changesOfOrder(db, orderId),
    instalmentsOfOrder(db, orderId),
    order.email ? mailsOfOrder(db, order.email, order.order_number) : Promise.resolve([]),
    auditOf(db, 'order', orderId),
  ]);
  const refunded = refundedOf(payments);
  const timeline = [
    { at: order.created_at, what: `Order ${order.order_number} booked`, by: null },
    ...payments.map((p) => ({ at: p.created_at, what: `${isRefundRow(p) ? 'Refund' : 'Payment'} ${fromMinor(p.amount)} via ${p.gateway_id}: ${p.status}`, by: null })),
    ...changes.map((c) => ({ at: c.created_at, what: `Change ${c.cart_number}: ${c.state}`, by: null })),
    ...mails.map((m) => ({ at: m.created_at, what: `E-mail "${m.subject}": ${m.status}`, by: null })),
    ...audit.map((a) => ({ at: a.created_at, what: a.action, by: a.staff_email })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    admin_order: {
      ...orderRowOut(order, tickets.length),
      cart_id: order.cart_id,
      refunded: fromMinor(refunded),
      refundable: fromMinor(Math.max(0, order.paid - refunded)),
      terms_accepted_at: order.terms_accepted_at,
      terms_hash: order.terms_hash,
    },
    tickets: tickets.map(adminTicketOut),
    payments: payments.map((p) => ({ id: p.id, kind: isRefundRow(p) ? 'refund' : 'charge', gateway_id: p.gateway_id, amount: fromMinor(p.amount), status: p.status, reference: p.reference, card_last4: p.card_last4, created_at: p.created_at })),
    changes,
    instalments: instalments.map((i) => ({ ...i, rank: i.rank, amount: fromMinor(i.amount) })),
    mails,
    timeline,
  };
}
