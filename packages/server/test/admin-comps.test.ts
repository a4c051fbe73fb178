import { describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { HOT, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import { deliverMail, mailbox, type Browser } from './auth-harness.js';
import { dialects, type TestApp } from './harness.js';

/** Complimentary tickets issued at the box office (docs/box-office.md, Complimentary tickets). */
describe.each(dialects())('complimentary tickets on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow()).used_capacity;
  const comp = (body: Record<string, unknown>) => desk.post('/api/admin/comps', { reason: 'press', ...body });

  it('books the tickets at once into an order of zero total, to the recipient, e-mailed when asked; capacity taken; audited', async () => {
    const before = await used();
    const res = await comp({ items: [{ ticket_type: 'adult', session: ids.session('hot', HOT), quantity: 2 }], recipient: { email: 'critic@example.com', first_name: 'Theo', last_name: 'Critic' }, send_email: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/comps', 200, res.body);
    const c = res.body.admin_comp;
    expect(c).toMatchObject({ emailed_to: 'critic@example.com' });
    expect(c.tickets).toHaveLength(2);
    for (const x of c.tickets) expect(x).toMatchObject({ state: 'booked', value: '0.00', session_start: HOT });
    expect(c.tickets[0].scan_code).toBeTruthy();
    expect(await used()).toBe(before + 2);
    const order = (await desk.get(`/api/admin/orders/${c.order_id}`)).body;
    expect(order.admin_order).toMatchObject({ order_number: c.order_number, total: '0.00', paid: '0.00', email: 'critic@example.com', name: 'Theo Critic' });
    expect(order.payments).toEqual([]);
    expect(order.timeline.map((x: { what: string }) => x.what)).toContain('order.comp');
    await deliverMail(t);
    expect((await mailbox(t.app, 'critic@example.com')).map((m) => m.subject)).toEqual([`Your tickets — order ${c.order_number}`]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'staff_email', 'after']).where('object_id', '=', c.order_id).execute();
    expect(audit.map((a) => [a.action, a.staff_email])).toEqual([['order.comp', 'desk@example.org']]);
    expect(JSON.parse(audit[0].after!)).toMatchObject({ reason: 'press', recipient: 'critic@example.com', send_email: true });
    // Found like any order; and without a recipient, an order nobody is mailed about.
    expect((await desk.get('/api/admin/orders?q=critic@example.com')).body.admin_order._data.map((o: { id: string }) => o.id)).toEqual([c.order_id]);
    const quiet = await comp({ items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }] });
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    expect(quiet.body.admin_comp.emailed_to).toBeNull();
    expect(await used()).toBe(before + 3);
  });

  it('never over capacity: a full session refuses the comp and nothing is booked or held', async () => {
    const before = await used();
    const orders = async () => (await t.db.selectFrom('ticket_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const ordersBefore = await orders();
    await t.db.updateTable('event_session').set({ capacity: before + 1 }).where('id', '=', ids.session('hot', HOT)).execute();
    try {
      const full = await comp({ items: [{ ticket_type: 'adult', session: ids.session('hot', HOT), quantity: 2 }] });
      expect([full.status, full.body._data[0]._code]).toEqual([409, 'session_capacity_exceeded']);
      expect(await used()).toBe(before);
      expect(await orders()).toBe(ordersBefore);
      expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'order.comp').execute()).toHaveLength(2);
    } finally {
      await t.db.updateTable('event_session').set({ capacity: 100 }).where('id', '=', ids.session('hot', HOT)).execute();
    }
  });

  it('refuses bad input and the door', async () => {
    for (const bad of [
      { items: [], reason: 'x' },
      { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }] },
      { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }], reason: 'x', send_email: true },
      { items: [{ ticket_type: 'nope', session: ids.session('hot', HOT) }], reason: 'x' },
    ]) {
      const res = await desk.post('/api/admin/comps', bad);
      expect([res.status, res.body._data[0]._code], JSON.stringify(bad)).toEqual([400, 'validation_failed']);
    }
    const door = await signedIn(t, await makeStaff(t, 'door-comp@example.org', 'door'), '10.7.0.8');
    expect((await door.post('/api/admin/comps', { items: [{ ticket_type: 'adult', session: ids.session('hot', HOT) }], reason: 'x' })).status).toBe(403);
  });
});
