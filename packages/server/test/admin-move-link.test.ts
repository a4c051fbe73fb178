import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '@foyer/contracts';
import { uuidv7 } from '../src/ids.js';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { settleMoveLinks } from '../src/admin/settle-move-links.js';
import { deliverMail, mailbox, type Browser } from './auth-harness.js';
import { CartClient, type CatalogIds } from './cart-client.js';
import { demoOrder, HOT, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import { dialects, type TestApp } from './harness.js';

/** A move to a dearer session paid by a payment link (docs/box-office.md#paid-by-a-payment-link). */
describe.each(dialects())('moves paid by a payment link on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let checker: DocumentChecker;
  const LATER = '2026-06-09T14:00:00.000Z';
  let later: string;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  beforeAll(async () => {
    const hot = await t.db.selectFrom('event_session').selectAll().where('id', '=', ids.session('hot', HOT)).executeTakeFirstOrThrow();
    later = uuidv7();
    await t.db.insertInto('event_session').values({ ...hot, id: later, start_datetime: LATER, end_datetime: '2026-06-09T15:00:00.000Z', used_capacity: 0, capacity: 100 }).execute();
  });

  const used = async (id: string) => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', id).executeTakeFirstOrThrow()).used_capacity;
  const figures = async () => [await used(ids.session('hot', HOT)), await used(later)];
  const ticket = (id: string) => t.db.selectFrom('ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ticketsOf = async (orderId: string) => (await desk.get(`/api/admin/orders/${orderId}`)).body.tickets as { id: string; state: string; session_start: string }[];
  const setAdultPrice = (minor: number) => t.db.updateTable('ticket_type').set({ currency_amount: minor }).where('id', '=', ids.type('adult')).execute();
  const moveLink = (orderId: string, body: Record<string, unknown>) => desk.post(`/api/admin/orders/${orderId}/move_link`, { reason: 'phoned: a later day', ...body });
  const actions = async (orderId: string) => (await t.db.selectFrom('audit_log').select('action').where('object_id', '=', orderId).orderBy('created_at').orderBy('id').execute()).map((e) => e.action);
  const keyOf = (link: string) => new URL(link).searchParams.get('key')!;
  /** The visitor opens the link in a browser of their own and pays the difference with the demo card. */
  const payByLink = async (link: { cart_id: string; link: string; difference: string }, card: string = DEMO_CARDS.success) => {
    const visitor = new CartClient(t.app, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    const taken = await visitor.call('POST', `/api/cart/${link.cart_id}/transfer`, { key: keyOf(link.link) });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    return visitor.call('POST', `/api/cart/${link.cart_id}/pay`, { amount: link.difference, gateway_id: 'demo', gateway_data: { card_number: card } });
  };
  const dearerOrder = async (email: string) => {
    await setAdultPrice(2000);
    const o = await demoOrder(t, ids, { email }, 1);
    await setAdultPrice(2500);
    const [only] = await ticketsOf(o.orderId);
    return { orderId: o.orderId, ticketId: only.id };
  };

  it('holds the new place until paid (the order keeps its ticket), e-mails the link; paying moves the ticket exactly once; audited', async () => {
    const o = await dearerOrder('link.pay@example.com');
    const before = await figures();
    const aDayOn = new Date(t.clock.now.getTime() + 24 * 60 * 60_000).toISOString();
    const res = await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: later });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/orders/{id}/move_link', 200, res.body);
    const link = res.body.admin_move_link;
    expect(link).toMatchObject({ order_id: o.orderId, difference: '5.00', state: 'pending', emailed_to: 'link.pay@example.com', expires_at: aDayOn });
    expect(link.link).toMatch(new RegExp(`/transfer-cart/${link.cart_id}\\?key=`));
    // The hold: the new place taken, the old one still the order's (its ticket taken out into the change, not given back).
    expect(await figures()).toEqual([before[0], before[1] + 1]);
    expect((await ticket(o.ticketId)).state).toBe('in_cart');
    expect((await desk.get(`/api/admin/orders/${o.orderId}`)).body.admin_order).toMatchObject({ total: '20.00', paid: '20.00' });
    await deliverMail(t);
    const mails = await mailbox(t.app, 'link.pay@example.com');
    const sent = mails.find((m) => m.subject.startsWith('Your change to order'))!;
    expect(sent.text).toContain(link.link);
    expect(sent.text).toContain('5.00');

    const paid = await payByLink(link);
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    expect(await figures()).toEqual([before[0] - 1, before[1] + 1]);
    expect((await ticket(o.ticketId)).state).toBe('cancelled');
    const tickets = await ticketsOf(o.orderId);
    expect(tickets.filter((x) => x.state === 'booked').map((x) => x.session_start)).toEqual([LATER]);
    expect((await desk.get(`/api/admin/orders/${o.orderId}`)).body.admin_order).toMatchObject({ total: '25.00', paid: '25.00' });
    // Paying again, sweeping and settling again change nothing more.
    await payByLink(link).catch(() => undefined);
    await releaseExpiredCarts(t.db, t.dialect, new Date(Date.parse(link.expires_at) + 1000));
    expect((await settleMoveLinks(t, t.clock.now)).settled).toBe(1);
    expect((await settleMoveLinks(t, t.clock.now)).settled).toBe(0);
    expect(await figures()).toEqual([before[0] - 1, before[1] + 1]);
    expect(await actions(o.orderId)).toEqual(['order.move_link', 'order.move_link_paid']);
    // Settled: it can no longer be withdrawn.
    const late = await desk.post(`/api/admin/orders/${o.orderId}/move_link/${link.cart_id}/cancel`, { reason: 'too late' });
    expect([late.status, late.body._data[0]._code]).toEqual([409, 'move_link_settled']);
  });

  it('an expired link gives the new place back and books the old ticket again, once; paying it then is refused', async () => {
    const o = await dearerOrder('link.expire@example.com');
    const before = await figures();
    const expiresAt = new Date(t.clock.now.getTime() + 2 * 60 * 60_000).toISOString();
    const res = await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: later, send_email: false, expires_at: expiresAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.admin_move_link).toMatchObject({ emailed_to: null, expires_at: expiresAt });
    expect(await figures()).toEqual([before[0], before[1] + 1]);
    const at = new Date(Date.parse(expiresAt) + 1000);
    await releaseExpiredCarts(t.db, t.dialect, at);
    await releaseExpiredCarts(t.db, t.dialect, at);
    expect(await figures()).toEqual(before);
    expect((await ticket(o.ticketId)).state).toBe('booked');
    expect((await settleMoveLinks(t, at)).settled).toBeGreaterThanOrEqual(1);
    expect(await actions(o.orderId)).toEqual(['order.move_link', 'order.move_link_expired']);
    t.clock.advance(3 * 60 * 60_000);
    try {
      const refused = await payByLink(res.body.admin_move_link);
      expect(refused.status).toBe(410);
      expect(await figures()).toEqual(before);
    } finally {
      t.clock.advance(-3 * 60 * 60_000);
    }
  });

  it('a pay and the expiry at the same moment: exactly one outcome, the places consistent', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await dearerOrder(`link.race${round}@example.com`);
      const before = await figures();
      const res = await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: later, send_email: false });
      const link = res.body.admin_move_link;
      const [paid] = await Promise.all([payByLink(link), releaseExpiredCarts(t.db, t.dialect, new Date(Date.parse(link.expires_at) + 1000))]);
      await settleMoveLinks(t, t.clock.now);
      const state = (await t.db.selectFrom('move_link').select('state').where('cart_id', '=', link.cart_id).executeTakeFirstOrThrow()).state;
      if (paid.body.outcome === 'completed') {
        expect(state).toBe('paid');
        expect(await figures()).toEqual([before[0] - 1, before[1] + 1]);
        expect((await ticket(o.ticketId)).state).toBe('cancelled');
      } else {
        expect(state).toBe('expired');
        expect(await figures()).toEqual(before);
        expect((await ticket(o.ticketId)).state).toBe('booked');
      }
      expect((await actions(o.orderId)).filter((a) => a !== 'order.move_link')).toHaveLength(1);
    }
  });

  it('staff withdraw a link: released once, a second withdrawal and a pay refused', async () => {
    const o = await dearerOrder('link.cancel@example.com');
    const before = await figures();
    const link = (await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: later, send_email: false })).body.admin_move_link;
    const res = await desk.post(`/api/admin/orders/${o.orderId}/move_link/${link.cart_id}/cancel`, { reason: 'changed their mind' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('POST', '/admin/orders/{id}/move_link/{cartId}/cancel', 200, res.body);
    expect(res.body.admin_move_link).toMatchObject({ state: 'cancelled', link: null });
    expect(await figures()).toEqual(before);
    expect((await ticket(o.ticketId)).state).toBe('booked');
    const again = await desk.post(`/api/admin/orders/${o.orderId}/move_link/${link.cart_id}/cancel`, { reason: 'again' });
    expect([again.status, again.body._data[0]._code]).toEqual([409, 'move_link_settled']);
    const visitor = new CartClient(t.app, '10.9.251.1');
    expect((await visitor.call('POST', `/api/cart/${link.cart_id}/transfer`, { key: keyOf(link.link) })).status).toBe(404);
    expect(await figures()).toEqual(before);
    expect((await settleMoveLinks(t, t.clock.now)).settled).toBe(0);
    expect(await actions(o.orderId)).toEqual(['order.move_link', 'order.move_link_cancelled']);
  });

  it('refuses a move that costs nothing more (made directly), unknown orders, sessions and links, bad input; the door may not', async () => {
    const o = await dearerOrder('link.refused@example.com');
    const before = await figures();
    await setAdultPrice(1500);
    try {
      const cheaper = await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: later });
      expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(409);
      expect(cheaper.body._data[0]).toMatchObject({ _code: 'move_not_dearer', _extra: { difference: '-5.00' } });
      expect(await figures()).toEqual(before);
      expect((await ticket(o.ticketId)).state).toBe('booked');
    } finally {
      await setAdultPrice(2500);
    }
    const unknownOrder = await moveLink('0190aaaa-0000-7000-8000-000000000000', { ticket_ids: [o.ticketId], event_session_id: later });
    expect([unknownOrder.status, unknownOrder.body._data[0]._code]).toEqual([404, 'not_found']);
    const unknownSession = await moveLink(o.orderId, { ticket_ids: [o.ticketId], event_session_id: '0190aaaa-0000-7000-8000-000000000001' });
    expect([unknownSession.status, unknownSession.body._data[0]._code]).toEqual([404, 'not_found']);
    const unknownLink = await desk.post(`/api/admin/orders/${o.orderId}/move_link/0190aaaa-0000-7000-8000-000000000002/cancel`, { reason: 'x' });
    expect([unknownLink.status, unknownLink.body._data[0]._code]).toEqual([404, 'not_found']);
    for (const bad of [{}, { ticket_ids: [o.ticketId] }, { ticket_ids: [o.ticketId], event_session_id: later, reason: 'x', expires_at: '2026-05-01T00:00:00.000Z' }, { ticket_ids: [o.ticketId], event_session_id: later, reason: 'x', email: 'not an address' }, { ticket_ids: [o.ticketId], event_session_id: later, reason: 'x', payment: { gateway_id: 'demo' } }]) {
      const res = await desk.post(`/api/admin/orders/${o.orderId}/move_link`, bad);
      expect([res.status, res.body._data[0]._code], JSON.stringify(bad)).toEqual([400, 'validation_failed']);
    }
    const door = await signedIn(t, await makeStaff(t, 'door-link@example.org', 'door'), '10.7.0.19');
    expect((await door.post(`/api/admin/orders/${o.orderId}/move_link`, { ticket_ids: [o.ticketId], event_session_id: later, reason: 'x' })).status).toBe(403);
    expect(await figures()).toEqual(before);
    expect(await actions(o.orderId)).toEqual(['order.move_link', 'order.move_failed']);
  });
});
