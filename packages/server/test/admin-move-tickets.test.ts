import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '@foyer/contracts';
import { uuidv7 } from '../src/ids.js';
import type { Browser } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { demoOrder, HOT, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import { dialects, type TestApp } from './harness.js';

/** The box office moves tickets to another session (docs/box-office.md, Move). */
describe.each(dialects())('moving tickets on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  /** A second session of the "hot" event (a `single` event: the storefront's self-edit would refuse it). */
  const LATER = '2026-06-08T14:00:00.000Z';
  let later: string;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  beforeAll(async () => {
    const hot = await t.db.selectFrom('event_session').selectAll().where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow();
    later = uuidv7();
    await t.db.insertInto('event_session').values({ ...hot, id: later, start_datetime: LATER, end_datetime: '2026-06-08T15:00:00.000Z', used_capacity: 0, capacity: 100 }).execute();
  });

  const used = async (id: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', id).executeTakeFirstOrThrow()).used_capacity;
  const ticket = (id: string) => t.db.selectFrom('ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ticketsOf = async (orderId: string) => (await desk.get(`/api/admin/orders/${orderId}`)).body.tickets as { id: string; state: string; session_start: string; scan_code: string; value: string; admit_name: string | null }[];
  const setAdultPrice = (minor: number) => t.db.updateTable('ticket_type').set({ currency_amount: minor }).where('id', '=', ids.type('adult')).execute();
  const move = (orderId: string, body: Record<string, unknown>) => desk.post(`/api/admin/orders/${orderId}/move`, { reason: 'phoned: wrong day', ...body });
  const audit = (orderId: string) => t.db.selectFrom('audit_log').select(['action', 'staff_email', 'after']).where('object_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

  it('moves a ticket of a single event to another session at the same price: same order, new scan code and session, the name kept, capacity moved once, audited', async () => {
    const o = await demoOrder(t, ids, { email: 'mover@example.com' }, 2);
    const [first] = await ticketsOf(o.orderId);
    await t.db.updateTable('ticket').set({ admit_name: 'Ada Byron' }).where('id', '=', first.id).execute();
    const [hot0, later0] = [await used(ids.session('hot', HOT)), await used(later)];
    const res = await move(o.orderId, { ticket_ids: [first.id], event_session_id: later });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/orders/{id}/move', 200, res.body);
    expect(res.body.admin_move).toMatchObject({ order_id: o.orderId, moved_ticket_ids: [first.id], difference: '0.00' });
    const fresh = res.body.admin_move.tickets[0];
    expect(fresh).toMatchObject({ state: 'booked', session_start: LATER, admit_name: 'Ada Byron', value: '20.00' });
    expect(fresh.scan_code).not.toBe(first.scan_code);
    expect((await ticket(first.id)).state).toBe('cancelled');
    expect([await used(ids.session('hot', HOT)), await used(later)]).toEqual([hot0 - 1, later0 + 1]);
    const order = (await desk.get(`/api/admin/orders/${o.orderId}`)).body.admin_order;
    expect(order).toMatchObject({ total: '40.00', paid: '40.00' });
    const entries = await audit(o.orderId);
    expect(entries.map((e) => [e.action, e.staff_email])).toEqual([['order.move', 'desk@example.org']]);
    expect(JSON.parse(entries[0].after!)).toMatchObject({ event_session_id: later, reason: 'phoned: wrong day' });
    // Moving the cancelled ticket again is refused.
    const again = await move(o.orderId, { ticket_ids: [first.id], event_session_id: ids.session('hot', HOT) });
    expect([again.status, again.body._data[0]._code]).toEqual([409, 'ticket_state_incorrect']);
  });

  it('a dearer session needs the payment of the difference: refused without it (nothing changed), charged with it', async () => {
    const o = await demoOrder(t, ids, { email: 'dearer@example.com' }, 1);
    const [only] = await ticketsOf(o.orderId);
    await setAdultPrice(2500);
    try {
      const [hot0, later0] = [await used(ids.session('hot', HOT)), await used(later)];
      const refused = await move(o.orderId, { ticket_ids: [only.id], event_session_id: later });
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body._data[0]).toMatchObject({ _code: 'payment_required', _extra: { difference: '5.00' } });
      expect((await ticket(only.id)).state).toBe('booked');
      expect([await used(ids.session('hot', HOT)), await used(later)]).toEqual([hot0, later0]);
      const declined = await move(o.orderId, { ticket_ids: [only.id], event_session_id: later, payment: { gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.card_declined } } });
      expect(declined.status).toBe(402);
      expect((await ticket(only.id)).state).toBe('booked');
      expect([await used(ids.session('hot', HOT)), await used(later)]).toEqual([hot0, later0]);

      const paid = await move(o.orderId, { ticket_ids: [only.id], event_session_id: later, payment: { gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.admin_move).toMatchObject({ difference: '5.00', tickets: [expect.objectContaining({ value: '25.00', session_start: LATER })] });
      expect([await used(ids.session('hot', HOT)), await used(later)]).toEqual([hot0 - 1, later0 + 1]);
      const detail = (await desk.get(`/api/admin/orders/${o.orderId}`)).body;
      expect(detail.admin_order).toMatchObject({ total: '25.00', paid: '25.00' });
      expect(detail.payments.filter((p: { kind: string; status: string }) => p.kind === 'charge' && p.status === 'succeeded').map((p: { amount: string }) => p.amount).sort()).toEqual(['20.00', '5.00']);
      expect((await audit(o.orderId)).map((e) => e.action)).toEqual(['order.move', 'order.move_failed', 'order.move', 'order.move_failed', 'order.move']);
    } finally {
      await setAdultPrice(2000);
    }
  });

  it('a cheaper session gives the difference back to the card that paid', async () => {
    const o = await demoOrder(t, ids, { email: 'cheaper@example.com' }, 1);
    const [only] = await ticketsOf(o.orderId);
    await setAdultPrice(1500);
    try {
      const res = await move(o.orderId, { ticket_ids: [only.id], event_session_id: later });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.admin_move.difference).toBe('-5.00');
      const detail = (await desk.get(`/api/admin/orders/${o.orderId}`)).body;
      expect(detail.admin_order).toMatchObject({ total: '15.00', paid: '15.00' });
      expect(detail.payments.filter((p: { kind: string }) => p.kind === 'refund')).toEqual([expect.objectContaining({ gateway_id: 'demo', amount: '5.00', status: 'refunded' })]);
    } finally {
      await setAdultPrice(2000);
    }
  });

  it('never over capacity; refuses another event, the same session, unknown tickets; the door may not move', async () => {
    const o = await demoOrder(t, ids, { email: 'full@example.com' }, 1);
    const [only] = await ticketsOf(o.orderId);
    const before = await used(later);
    await t.db.updateTable('event_session').set({ capacity: before }).where('id', '=', later).execute();
    try {
      const full = await move(o.orderId, { ticket_ids: [only.id], event_session_id: later });
      expect([full.status, full.body._data[0]._code]).toEqual([409, 'event_session_sold_out']);
      expect((await ticket(only.id)).state).toBe('booked');
      expect(await used(later)).toBe(before);
    } finally {
      await t.db.updateTable('event_session').set({ capacity: 100 }).where('id', '=', later).execute();
    }
    const other = await move(o.orderId, { ticket_ids: [only.id], event_session_id: ids.session('workshop', (await t.db.selectFrom('event_session').select('start_datetime').where('event_template_id', '=', ids.event('workshop')).executeTakeFirstOrThrow()).start_datetime) });
    expect([other.status, other.body._data[0]._code]).toEqual([400, 'validation_failed']);
    const same = await move(o.orderId, { ticket_ids: [only.id], event_session_id: ids.session('hot', HOT) });
    expect([same.status, same.body._data[0]._code]).toEqual([400, 'validation_failed']);
    const unknown = await move(o.orderId, { ticket_ids: ['0190aaaa-0000-7000-8000-000000000000'], event_session_id: later });
    expect([unknown.status, unknown.body._data[0]._code]).toEqual([404, 'ticket_not_found']);
    for (const bad of [{}, { ticket_ids: [], event_session_id: later }, { ticket_ids: [only.id], event_session_id: later, payment: { gateway_id: 'free' } }]) {
      const res = await desk.post(`/api/admin/orders/${o.orderId}/move`, bad);
      expect([res.status, res.body._data[0]._code]).toEqual([400, 'validation_failed']);
    }
    const door = await signedIn(t, await makeStaff(t, 'door-move@example.org', 'door'), '10.7.0.9');
    expect((await door.post(`/api/admin/orders/${o.orderId}/move`, { ticket_ids: [only.id], event_session_id: later, reason: 'x' })).status).toBe(403);
    expect((await ticket(only.id)).state).toBe('booked');
  });

  it('two desks moving the same ticket at once: exactly one wins, capacity moves once', async () => {
    const o = await demoOrder(t, ids, { email: 'race@example.com' }, 1);
    const [only] = await ticketsOf(o.orderId);
    const [hot0, later0] = [await used(ids.session('hot', HOT)), await used(later)];
    const results = await Promise.all(Array.from({ length: 5 }, () => move(o.orderId, { ticket_ids: [only.id], event_session_id: later })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body._data[0]._code).toBe('ticket_state_incorrect');
    expect([await used(ids.session('hot', HOT)), await used(later)]).toEqual([hot0 - 1, later0 + 1]);
    expect((await ticketsOf(o.orderId)).filter((x) => x.state === 'booked')).toHaveLength(1);
  });
});
