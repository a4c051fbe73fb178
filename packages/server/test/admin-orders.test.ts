import { describe, expect, it, beforeAll } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { demoOrder, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import { dialects, type TestApp } from './harness.js';
import type { Browser } from './auth-harness.js';
import { deliverMail } from './auth-harness.js';

/** The box office's Find and order page (docs/box-office.md). */
describe.each(dialects())('finding orders on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  let a: Awaited<ReturnType<typeof demoOrder>>;
  let b: Awaited<ReturnType<typeof demoOrder>>;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  beforeAll(async () => {
    a = await demoOrder(t, ids, { email: 'grace.hopper@example.com', first: 'Grace', last: 'Hopper', phone: '+1 (212) 555-0142' });
    t.clock.advance(60_000);
    b = await demoOrder(t, ids, { email: 'alan@example.com', first: 'Alan', last: 'Turing' }, 1);
    await deliverMail(t);
  });

  const find = async (q: string, extra = '') => {
    const res = await desk.get(`/api/admin/orders?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('GET', '/admin/orders', 200, res.body);
    return res.body as { admin_order: { _data: { id: string; order_number: string; email: string; name: string; ticket_count: number; total: string }[]; _total: number } };
  };

  it('one box finds an order by its number, e-mail (in part, any case), name, phone digits and a ticket scan code', async () => {
    for (const q of [a.orderNumber, `#${a.orderNumber}`, 'GRACE.hopper@', 'grace hop', 'Hopper', '2125550142', '555-0142', a.scanCodes[1], a.scanCodes[0].toLowerCase()]) {
      const found = await find(q);
      expect(found.admin_order._data.map((o) => o.id), q).toEqual([a.orderId]);
    }
    const row = (await find('grace')).admin_order._data[0];
    expect(row).toMatchObject({ order_number: a.orderNumber, email: 'grace.hopper@example.com', name: 'Grace Hopper', ticket_count: 2, total: '40.00' });
    expect((await find('example.com')).admin_order._total).toBe(2);
    expect((await find('nobody-here')).admin_order._data).toEqual([]);
    // LIKE's wildcards are searched as text.
    expect((await find('%%')).admin_order._data).toEqual([]);
  });

  it("finds orders by the last 4 digits of the card that paid, and the order page shows the card and the terms accepted", async () => {
    // Both orders were paid with the demo success card (…4242); a card never used finds nothing.
    expect((await find('4242')).admin_order._data.map((o) => o.id).sort()).toEqual([a.orderId, b.orderId].sort());
    expect((await find('1881')).admin_order._data).toEqual([]);
    await t.db.updateTable('payment').set({ card_last4: '1881' }).where('ticket_order_id', '=', b.orderId).execute();
    expect((await find('1881')).admin_order._data.map((o) => o.id)).toEqual([b.orderId]);
    const hash = 'a'.repeat(64);
    await t.db.updateTable('ticket_order').set({ terms_accepted_at: '2026-05-01T09:00:00.000Z', terms_hash: hash }).where('id', '=', a.orderId).execute();
    const res = await desk.get(`/api/admin/orders/${a.orderId}`);
    checker.check('GET', '/admin/orders/{id}', 200, res.body);
    expect(res.body.admin_order).toMatchObject({ terms_accepted_at: '2026-05-01T09:00:00.000Z', terms_hash: hash });
    expect(res.body.payments[0]).toMatchObject({ kind: 'charge', card_last4: '4242' });
    expect((await desk.get(`/api/admin/orders/${b.orderId}`)).body.admin_order).toMatchObject({ terms_accepted_at: null, terms_hash: null });
  });

  it('pages and sorts the results', async () => {
    const first = await find('example.com', '&_limit=1&_sort=created_at');
    const second = await find('example.com', '&_limit=1&_offset=1&_sort=created_at');
    expect(first.admin_order._total).toBe(2);
    expect([first.admin_order._data[0].id, second.admin_order._data[0].id]).toEqual([a.orderId, b.orderId]);
    expect((await find('example.com', '&_sort=-total')).admin_order._data.map((o) => o.id)).toEqual([a.orderId, b.orderId]);
    expect((await find('example.com', '&_sort=total')).admin_order._data.map((o) => o.id)).toEqual([b.orderId, a.orderId]);
    for (const bad of ['?q=x', '?q=abc&_limit=0', '?q=abc&_sort=email', '?q=abc&extra=1']) {
      const res = await desk.get(`/api/admin/orders${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body._data[0]._code).toBe('validation_failed');
    }
  });

  it('the order page: tickets with state, session and scan code; payments; e-mails; a timeline', async () => {
    const res = await desk.get(`/api/admin/orders/${a.orderId}`);
    expect(res.status).toBe(200);
    checker.check('GET', '/admin/orders/{id}', 200, res.body);
    const o = res.body;
    expect(o.admin_order).toMatchObject({ id: a.orderId, total: '40.00', paid: '40.00', refunded: '0.00', refundable: '40.00' });
    expect(o.tickets.map((x: { scan_code: string }) => x.scan_code).sort()).toEqual([...a.scanCodes].sort());
    expect(o.tickets[0]).toMatchObject({ state: 'booked', session_start: '2026-06-07T14:00:00.000Z', value: '20.00', seat: null });
    expect(o.payments).toEqual([expect.objectContaining({ kind: 'charge', gateway_id: 'demo', amount: '40.00', status: 'succeeded' })]);
    expect(o.mails.map((m: { subject: string }) => m.subject)).toEqual([`Your tickets — order ${a.orderNumber}`]);
    expect(o.timeline[0].what).toBe(`Order ${a.orderNumber} booked`);
    expect(o.timeline.map((x: { what: string }) => x.what)).toContain('Payment 40.00 via demo: succeeded');
    const missing = await desk.get('/api/admin/orders/0190aaaa-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('door staff may not find orders', async () => {
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.0.2');
    expect((await door.get('/api/admin/orders?q=grace')).status).toBe(403);
    expect((await door.get(`/api/admin/orders/${a.orderId}`)).status).toBe(403);
  });
});
