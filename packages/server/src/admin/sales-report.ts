import { fromMinor, type TAdminReportQuery, type TAdminSalesReport } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { localDate } from '@foyer/contracts/rules';
import { dayBounds } from '../time/venue-time.js';
import { csv } from './csv.js';
import { defaultSellerZone } from './admin-sessions.repository.js';
import { giftCardLiability, membersByLevel, ordersBetween, paymentsBetween, ticketsOfOrdersBetween } from './admin-reports.repository.js';

const line = (r: { key: string; name: string; quantity: number | string; amount?: number | string | null }) => ({ key: r.key, name: r.name, quantity: Number(r.quantity), amount: fromMinor(Number(r.amount ?? 0)) });

/**
 * GET admin/reports/sales (docs/box-office.md, Reports): every amount is a sum of the orders or
 * payments tables over the period (venue-local dates, `to` included), in minor units until shown.
 */
export async function salesReport(db: Db, q: TAdminReportQuery, now: Date): Promise<TAdminSalesReport> {
  // The day asked for is a day at the venue.
  const timezone = await defaultSellerZone(db);
  const start = dayBounds(q.from, timezone).start;
  const end = dayBounds(q.to, timezone).end;
  const [orders, byEvent, byType, payments, liability, members] = await Promise.all([
    ordersBetween(db, start, end),
    ticketsOfOrdersBetween(db, start, end, 'event'),
    ticketsOfOrdersBetween(db, start, end, 'ticket_type'),
    paymentsBetween(db, start, end),
    giftCardLiability(db),
    membersByLevel(db, now.toISOString()),
  ]);
  const days = new Map<string, { quantity: number; amount: number }>();
  for (const o of orders) {
    const day = localDate(o.created_at, timezone);
    const d = days.get(day) ?? { quantity: 0, amount: 0 };
    d.quantity += 1;
    d.amount += o.total;
    days.set(day, d);
  }
  const gateways = [...new Set([...payments.charges.map((p) => p.gateway_id), ...payments.refunds.map((p) => p.gateway_id)])].sort();
  const charged = (g: string) => payments.charges.find((p) => p.gateway_id === g);
  const refunded = (g: string) => payments.refunds.find((p) => p.gateway_id === g)?.amount ?? 0;
  return {
    from: q.from,
    to: q.to,
    timezone,
    by_day: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, d]) => line({ key: day, name: day, ...d })),
    by_event: byEvent.map(line),
    by_ticket_type: byType.map(line),
    payments_by_method: gateways.map((g) => ({ ...line({ key: g, name: g, quantity: charged(g)?.quantity ?? 0, amount: charged(g)?.amount ?? 0 }), refunded: fromMinor(refunded(g)) })),
    orders: { count: orders.length, total: fromMinor(orders.reduce((sum, o) => sum + o.total, 0)) },
    payments: { charged: fromMinor(payments.charges.reduce((sum, p) => sum + p.amount, 0)), refunded: fromMinor(gateways.reduce((sum, g) => sum + refunded(g), 0)) },
    gift_card_liability: fromMinor(liability.sum),
    members_by_level: members.map((m) => line({ ...m, amount: 0 })),
  };
}

/** The report as one CSV: a `section` column names each part (by_day, by_event, …, totals). */
export function salesReportCsv(r: TAdminSalesReport): string {
  const rows: (string | number)[][] = [['section', 'key', 'name', 'quantity', 'amount', 'refunded']];
  for (const l of r.by_day) rows.push(['by_day', l.key, l.name, l.quantity, l.amount, '']);
  for (const l of r.by_event) rows.push(['by_event', l.key, l.name, l.quantity, l.amount, '']);
  for (const l of r.by_ticket_type) rows.push(['by_ticket_type', l.key, l.name, l.quantity, l.amount, '']);
  for (const l of r.payments_by_method) rows.push(['payments_by_method', l.key, l.name, l.quantity, l.amount, l.refunded]);
  rows.push(['orders', 'total', 'Orders', r.orders.count, r.orders.total, '']);
  rows.push(['payments', 'total', 'Payments', '', r.payments.charged, r.payments.refunded]);
  rows.push(['gift_card_liability', 'total', 'Gift card balances', '', r.gift_card_liability, '']);
  for (const l of r.members_by_level) rows.push(['members_by_level', l.key, l.name, l.quantity, '', '']);
  return csv(rows);
}
