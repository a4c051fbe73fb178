import { fromMinor } from '@foyer/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { demoOrder, makeStaff, signedIn, useAdminApp, type DocumentChecker } from './admin-harness.js';
import type { Browser } from './auth-harness.js';
import { dialects, type TestApp } from './harness.js';

/** Reports (docs/box-office.md): amounts that add up to the orders and payments tables exactly. */
describe.each(dialects())('the sales report on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  useAdminApp(dialect, (bench) => ({ t, ids, checker } = bench));
  beforeAll(async () => {
    // Signed in only after the clock has moved a day (a staff session idles out).
    const staff = await makeStaff(t, 'desk@example.org', 'box_office');
    // Monday 2026-06-01 (New York): two orders; the next day one more, then a refund of one ticket.
    await demoOrder(t, ids, { email: 'a@example.com' }, 2);
    await demoOrder(t, ids, { email: 'b@example.com' }, 1);
    t.clock.advance(24 * 3600_000);
    const third = await demoOrder(t, ids, { email: 'c@example.com' }, 3);
    desk = await signedIn(t, staff);
    const ticket = (await desk.get(`/api/admin/orders/${third.orderId}`)).body.tickets[0].id;
    expect((await desk.post(`/api/admin/orders/${third.orderId}/refund`, { ticket_ids: [ticket], reason: 'Report test' })).status).toBe(200);
  });

  /** The tables summed straight, for the same instants. */
  async function sums(start: string, end: string) {
    const orders = await t.db.selectFrom('ticket_order').select(['total']).where('created_at', '>=', start).where('created_at', '<', end).execute();
    const payments = await t.db.selectFrom('payment').select(['amount', 'status', 'error_code']).where('created_at', '>=', start).where('created_at', '<', end).execute();
    const charged = payments.filter((p) => p.status === 'succeeded' && !p.error_code).reduce((s, p) => s + p.amount, 0);
    const refunded = payments.filter((p) => p.error_code && ['refund_pending', 'refunding', 'refunded'].includes(p.status)).reduce((s, p) => s + p.amount, 0);
    return { count: orders.length, total: orders.reduce((s, o) => s + o.total, 0), charged, refunded };
  }

  it('JSON: by day, event, ticket type and method; its totals are the sums of the orders and payments tables', async () => {
    const res = await desk.get('/api/admin/reports/sales?from=2026-06-01&to=2026-06-02');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('GET', '/admin/reports/sales', 200, res.body);
    const r = res.body.admin_report;
    const s = await sums('2026-06-01T04:00:00.000Z', '2026-06-03T04:00:00.000Z');
    expect(s).toEqual({ count: 3, total: 12000, charged: 12000, refunded: 2000 });
    expect(r.orders).toEqual({ count: s.count, total: fromMinor(s.total) });
    expect(r.payments).toEqual({ charged: fromMinor(s.charged), refunded: fromMinor(s.refunded) });
    expect(r.by_day).toEqual([
      { key: '2026-06-01', name: '2026-06-01', quantity: 2, amount: '60.00' },
      { key: '2026-06-02', name: '2026-06-02', quantity: 1, amount: '60.00' },
    ]);
    const cents = (lines: { amount: string }[]) => lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0);
    expect(cents(r.by_day)).toBe(s.total);
    expect(cents(r.by_event)).toBe(s.total);
    expect(cents(r.by_ticket_type)).toBe(s.total);
    expect(r.by_ticket_type).toEqual([expect.objectContaining({ name: expect.any(String), quantity: 6, amount: '120.00' })]);
    expect(r.payments_by_method).toEqual([{ key: 'demo', name: 'demo', quantity: 3, amount: '120.00', refunded: '20.00' }]);
    // One day only: the first two orders.
    const first = (await desk.get('/api/admin/reports/sales?from=2026-06-01&to=2026-06-01')).body.admin_report;
    expect(first.orders).toEqual({ count: 2, total: '60.00' });
    expect(first.payments.refunded).toBe('0.00');
  });

  it('CSV: the same figures, one section per part, as a download; bad input refused; door staff may not', async () => {
    const res = await desk.call('GET', '/api/admin/reports/sales?from=2026-06-01&to=2026-06-02&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-06-01-2026-06-02.csv"');
    const rows = (res.body as string).trim().split('\r\n').map((l) => l.split(','));
    expect(rows[0]).toEqual(['section', 'key', 'name', 'quantity', 'amount', 'refunded']);
    expect(rows.filter((r) => r[0] === 'by_day').map((r) => r[4])).toEqual(['60.00', '60.00']);
    expect(rows.find((r) => r[0] === 'orders')).toEqual(['orders', 'total', 'Orders', '3', '120.00', '']);
    expect(rows.find((r) => r[0] === 'payments')).toEqual(['payments', 'total', 'Payments', '', '120.00', '20.00']);
    for (const bad of ['?from=2026-06-02&to=2026-06-01', '?from=June&to=2026-06-01', '?from=2026-06-01&to=2026-06-02&format=xml', '?to=2026-06-01']) expect((await desk.get(`/api/admin/reports/sales${bad}`)).status, bad).toBe(400);
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.3.1');
    expect((await door.get('/api/admin/reports/sales?from=2026-06-01&to=2026-06-02')).status).toBe(403);
  });
});
